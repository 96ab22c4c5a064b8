import { Injectable } from '@nestjs/common';
import { ReadModels } from '@companion/read-store';
import { CandidateMatrix } from '../domain/candidate-matrix';
import {
  Compatibility,
  COMPATIBILITY_WEIGHTS,
  EMBEDDING_BLOCKS,
  Embedding,
  toVector,
} from '../domain/compatibility';
import { rowBreakdown, rowScore } from '../domain/discovery-order';
import {
  DISCOVERY_PARTICIPATION,
  DISCOVERY_PROFILES,
  DiscoveryParticipationDoc,
  DiscoveryProfileDoc,
} from '../projections/discovery.projection';

const PAGE = 5000;

/**
 * Every active candidate's vector in memory, as one columnar matrix, so discovery scores 100 000
 * agents without touching the event log or the read store. It follows the discovery read model's
 * two collections (profiles, then participation times) by document position (`_pos`), reading only
 * up to the projection's committed checkpoint, so each refresh costs one indexed range query per
 * collection over what changed; a projection rebuild (new generation) reloads it. Every API
 * instance holds its own copy, fed from the shared read store. Only the vectors are kept: the few
 * breakdowns shown are read from them too (`rowBreakdown`), not from a parsed copy of every
 * embedding, which had cost about 1 KB more an agent.
 */
@Injectable()
export class CandidateIndex {
  private physical: string | null = null;
  private cursor = 0;
  private matrix: CandidateMatrix | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly readModels: ReadModels) {}

  get size(): number {
    return this.matrix?.size ?? 0;
  }

  get candidates(): CandidateMatrix | null {
    return this.matrix;
  }

  /** The two agents' compatibility (the score as discovery ranks it), or null unless both are candidates. */
  compatibility(a: string, b: string): Compatibility | null {
    const m = this.matrix;
    const caller = m?.vectorOf(a);
    const row = m?.rowOf.get(b);
    if (!m || !caller || row === undefined) return null;
    return { score: rowScore(m, caller, row), breakdown: rowBreakdown(m, caller, row) };
  }

  /** Brings the index up to the read model; concurrent callers share one pull plus one follow-up. */
  async refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      await this.running;
      if (!this.again) return;
    }
    this.again = false;
    this.running = this.pull().finally(() => (this.running = null));
    await this.running;
  }

  private async pull(): Promise<void> {
    const physical = `${this.readModels.physical(DISCOVERY_PROFILES)} ${this.readModels.physical(DISCOVERY_PARTICIPATION)}`;
    if (physical !== this.physical) {
      this.physical = physical;
      this.cursor = 0;
      this.matrix = null;
    }
    const upTo = await this.readModels.checkpoint(DISCOVERY_PROFILES);
    if (upTo <= this.cursor) return;
    // Profiles first: a new agent's participation time then finds its row.
    await this.follow<DiscoveryProfileDoc>(DISCOVERY_PROFILES, upTo, (doc) => this.apply(doc));
    await this.follow<DiscoveryParticipationDoc>(DISCOVERY_PARTICIPATION, upTo, (doc) =>
      this.matrix?.touch(doc._id, Date.parse(doc.lastParticipationAt)),
    );
    this.cursor = upTo;
  }

  /** The collection's documents written after the cursor, up to `upTo`, in order. */
  private async follow<T extends { _id: string }>(
    collection: string,
    upTo: number,
    apply: (doc: T) => void,
  ): Promise<void> {
    for (let from = this.cursor; ;) {
      const docs = await this.readModels.find<T & { _pos: number }>(
        collection,
        { _pos: { $gt: from, $lte: upTo } },
        { sort: [['_pos', 1]], limit: PAGE },
      );
      for (const doc of docs) apply(doc);
      if (docs.length < PAGE) return;
      from = docs[docs.length - 1]._pos;
    }
  }

  private apply(doc: DiscoveryProfileDoc): void {
    if (!doc.active || !doc.embedding) {
      this.matrix?.remove(doc._id);
      return;
    }
    const embedding = doc.embedding;
    this.matrix ??= new CandidateMatrix(
      embedding.traits.length + embedding.interests.length + embedding.text.length,
      blocksOf(embedding),
    );
    const row = toVector(embedding);
    // Another model's vectors (an embedder change before its rebuild finished) are not comparable.
    if (row.length !== this.matrix.dims) return;
    this.matrix.upsert(doc._id, row, this.matrix.participationOf(doc._id), doc.sceneId ?? null);
  }
}

function blocksOf(e: Embedding) {
  let end = 0;
  return EMBEDDING_BLOCKS.map((block) => ({
    end: (end += e[block].length),
    weight: COMPATIBILITY_WEIGHTS[block],
  }));
}
