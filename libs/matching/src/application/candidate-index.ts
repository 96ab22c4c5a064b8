import { Injectable } from '@nestjs/common';
import { ReadModels } from '@companion/read-store';
import { Embedding, toVector } from '../domain/compatibility';
import { DISCOVERY_PROFILES, DiscoveryProfileDoc } from '../projections/discovery.projection';

export interface Candidate {
  id: string;
  sceneId: string | null;
  lastParticipationAt: string | null;
  lastParticipationMs: number;
  embedding: Embedding;
  /** The embedding as one √weight-scaled vector: compatibility is (dot + 1) / 2. */
  vector: Float32Array;
}

const PAGE = 5000;

/**
 * Every active candidate's vector in memory, so discovery scores 100 000 agents with one dot
 * product each and never scans the event log. It follows the discovery read model by document
 * position (`_pos`), reading only up to the projection's committed checkpoint, so each refresh
 * costs one indexed range query over what changed; a projection rebuild (new generation) reloads it.
 * Every API instance holds its own copy, fed from the shared read store.
 */
@Injectable()
export class CandidateIndex {
  private physical: string | null = null;
  private cursor = 0;
  private readonly byId = new Map<string, Candidate>();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly readModels: ReadModels) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Candidate | undefined {
    return this.byId.get(id);
  }

  all(): IterableIterator<Candidate> {
    return this.byId.values();
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
    const physical = this.readModels.physical(DISCOVERY_PROFILES);
    if (physical !== this.physical) {
      this.physical = physical;
      this.cursor = 0;
      this.byId.clear();
    }
    const upTo = await this.readModels.checkpoint(DISCOVERY_PROFILES);
    if (upTo <= this.cursor) return;
    for (let from = this.cursor; ; ) {
      const docs = await this.readModels.find<DiscoveryProfileDoc & { _pos: number }>(
        DISCOVERY_PROFILES,
        { _pos: { $gt: from, $lte: upTo } },
        { sort: [['_pos', 1]], limit: PAGE },
      );
      for (const doc of docs) this.apply(doc);
      if (docs.length < PAGE) break;
      from = docs[docs.length - 1]._pos;
    }
    this.cursor = upTo;
  }

  private apply(doc: DiscoveryProfileDoc): void {
    if (!doc.active || !doc.embedding) {
      this.byId.delete(doc._id);
      return;
    }
    const previous = this.byId.get(doc._id);
    const sameEmbedding = previous && JSON.stringify(previous.embedding) === JSON.stringify(doc.embedding);
    this.byId.set(doc._id, {
      id: doc._id,
      sceneId: doc.sceneId ?? null,
      lastParticipationAt: doc.lastParticipationAt ?? null,
      lastParticipationMs: doc.lastParticipationAt ? Date.parse(doc.lastParticipationAt) : 0,
      embedding: doc.embedding,
      vector: sameEmbedding ? previous.vector : toVector(doc.embedding),
    });
  }
}
