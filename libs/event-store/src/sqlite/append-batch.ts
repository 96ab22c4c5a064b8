/**
 * The embedded store's write path, as one function of its own module: the writer thread loads this
 * module by path (writer-worker.ts) and runs the very same code that the in-process mode calls.
 * It returns plain descriptions, never class instances: results cross a thread boundary.
 */
export interface AppendRequest {
  streamName: string;
  events: ReadonlyArray<{ id: string; type: string; data: unknown; metadata: unknown }>;
  expected: 'no_stream' | 'stream_exists' | 'any' | number;
}

export type AppendOutcome =
  /** `repeated`: a retry of an append already in the stream, answered without writing anything. */
  | { ok: { nextRevision: number; position: number }; repeated?: boolean }
  | {
      wrongRevision: {
        streamName: string;
        expected: AppendRequest['expected'];
        actual: number | 'no_stream';
      };
    }
  | { duplicateId: string }
  | { failed: string };

export interface AppendBatch {
  batch: AppendRequest[];
  recordedAt: string;
}

export function appendBatch(db: any, { batch, recordedAt }: AppendBatch): AppendOutcome[] {
  const s =
    db.__companionAppend ??
    (db.__companionAppend = {
      // The stream's head from the (stream_name, revision) index, read from the index alone. A
      // table of heads cost every append a second page at random, in the log and in its
      // checkpoint: a fifth of the durable floor's requests a second (docs/write-path-cost.md).
      streamHead: db
        .prepare('SELECT revision FROM events WHERE stream_name = ? ORDER BY revision DESC LIMIT 1')
        .pluck(),
      byEventId: db.prepare(
        'SELECT position, stream_name, revision FROM events WHERE event_id = ?',
      ),
      insert: db.prepare(
        'INSERT INTO events (event_id, stream_name, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
    });

  class Refusal extends Error {
    constructor(readonly outcome: AppendOutcome) {
      super('refused');
    }
  }

  // An append whose ids are already in this stream, in order, is a retry: answer what the first
  // attempt answered and write nothing. Reused ids anywhere else are a programming error.
  const retried = (p: AppendRequest) => {
    const first = s.byEventId.get(p.events[0].id);
    if (!first) {
      for (const e of p.events.slice(1))
        if (s.byEventId.get(e.id)) throw new Refusal({ duplicateId: e.id });
      return null;
    }
    let last = first;
    for (let i = 0; i < p.events.length; i++) {
      const row = i === 0 ? first : s.byEventId.get(p.events[i].id);
      if (!row || row.stream_name !== p.streamName || row.revision !== first.revision + i)
        throw new Refusal({ duplicateId: p.events[i].id });
      last = row;
    }
    return { ok: { nextRevision: last.revision, position: last.position }, repeated: true };
  };

  const one = db.transaction((p: AppendRequest): AppendOutcome => {
    const again = retried(p);
    if (again) return again;
    const head: number | undefined = s.streamHead.get(p.streamName);
    const current = head ?? 'no_stream';
    const ok =
      p.expected === 'any' ||
      (p.expected === 'no_stream' && current === 'no_stream') ||
      (p.expected === 'stream_exists' && current !== 'no_stream') ||
      (typeof p.expected === 'number' && p.expected === current);
    if (!ok)
      throw new Refusal({
        wrongRevision: { streamName: p.streamName, expected: p.expected, actual: current },
      });
    let revision = current === 'no_stream' ? -1 : current;
    let position = 0;
    for (const e of p.events) {
      revision += 1;
      const info = s.insert.run(
        e.id,
        p.streamName,
        revision,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        recordedAt,
      );
      position = Number(info.lastInsertRowid);
    }
    return { ok: { nextRevision: revision, position } };
  });

  // One transaction for the batch, one savepoint per append: a refusal undoes that append alone.
  return db.transaction(() =>
    batch.map((p) => {
      try {
        return one(p);
      } catch (error) {
        if (error instanceof Refusal) return error.outcome;
        return { failed: error instanceof Error ? error.message : String(error) };
      }
    }),
  )();
}
