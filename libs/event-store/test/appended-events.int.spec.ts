import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type {
  NewEvent,
  ProjectedEvent,
  RecordedEvent,
  Subscription,
} from '../src/event-store.port';
import { appendBatch, AppendRequest } from '../src/sqlite/append-batch';
import { appendedEvents } from '../src/sqlite/appended-events';
import { openEventLog, prepareStatements } from '../src/sqlite/event-rows';
import { subscribeToLog } from '../src/sqlite/log-subscription';
import { SqliteEventStore } from '../src/sqlite/sqlite-event-store';

/**
 * A process's subscriptions take the events its own appends wrote from the news of their commit
 * (appended-events.ts) instead of reading them back from the file. What they deliver must be what
 * the file holds, byte for byte as a reader would parse it, whatever else writes to the file.
 */

const meta = { occurredAt: '2026-11-27T12:00:00.000Z' };
const event = (type: string, data: unknown = {}, metadata: unknown = meta): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: metadata as NewEvent['metadata'],
});

describe("a subscription and this process's appends", () => {
  /** A log file's reading side, with the file reads counted. */
  function logSource() {
    const db = openEventLog(':memory:');
    const statements = prepareStatements(db);
    const reads = { count: 0 };
    for (const statement of [statements.allForwards, statements.allForwardsProjected]) {
      const all = statement.all.bind(statement) as (...args: unknown[]) => never;
      statement.all = (...args: unknown[]) => {
        reads.count += 1;
        return all(...args);
      };
    }
    const appended = new EventEmitter();
    const source = { statements, appended, pollIntervalMs: 10_000, isOpen: () => db.open };
    /** Appends as the file's writer does; `handOver: false` is another process writing the file. */
    const append = (batch: AppendRequest[], handOver = true) => {
      const recordedAt = new Date().toISOString();
      const outcomes = appendBatch(db, { batch, recordedAt });
      if (handOver) appended.emit('appended', appendedEvents(batch, outcomes, recordedAt, true));
      return outcomes;
    };
    return { db, statements, source, reads, append };
  }

  /** The subscription's batches, read on from where the last `take` stopped. */
  const reader = <E extends ProjectedEvent>(sub: Subscription<E>) =>
    sub.batches(100)[Symbol.asyncIterator]();
  async function take<E extends ProjectedEvent = RecordedEvent>(
    batches: AsyncIterator<E[]>,
    n: number,
  ): Promise<E[]> {
    const got: E[] = [];
    while (got.length < n) {
      const next = await batches.next();
      if (next.done) break;
      got.push(...next.value);
    }
    return got;
  }

  it.each([
    ['whole events', false],
    ['projected events', true],
  ])(
    'takes the appended events without reading the file, and reads a gap another writer left (%s)',
    async (_, projected) => {
      const { source, reads, append, statements } = logSource();
      append([{ streamName: 's-1', events: [event('Old')], expected: 'no_stream' }]);
      const sub: Subscription<ProjectedEvent> = projected
        ? subscribeToLog(source, { after: 0 }, true)
        : subscribeToLog(source, { after: 0 });
      const batches = reader(sub);
      const history = await take(batches, 1); // from the file
      expect(history).toHaveLength(1);
      // Read as asked: a projected event has no stream name, a whole one has.
      expect('streamName' in history[0]).toBe(!projected);
      const readsCaughtUp = reads.count;

      const live = take(batches, 2);
      append([
        { streamName: 's-1', events: [event('A'), event('B')], expected: 0 },
        { streamName: 's-2', events: [event('Refused')], expected: 5 },
      ]);
      const handed = await live;
      expect(reads.count).toBe(readsCaughtUp); // nothing read back
      expect(handed.map((e) => e.type)).toEqual(['A', 'B']);

      // Another writer's append, then this process's: the first is a gap, read from the file.
      const more = take(batches, 2);
      append([{ streamName: 's-3', events: [event('Theirs')], expected: 'no_stream' }], false);
      append([{ streamName: 's-4', events: [event('Mine')], expected: 'no_stream' }]);
      const after = await more;
      expect(reads.count).toBeGreaterThan(readsCaughtUp);
      expect(after.map((e) => e.type)).toEqual(['Theirs', 'Mine']);
      // The gap and the page it begins, read from the file as asked.
      expect(after.map((e) => 'streamName' in e)).toEqual([!projected, !projected]);
      await sub.close();

      const fromFile = statements.allForwards.all(0, 100).length;
      expect([...handed, ...after].length + 1).toBe(fromFile);
    },
  );

  it('lets the appended events go when its consumer falls too far behind, and reads them from the file', async () => {
    const { source, reads, append } = logSource();
    const sub = subscribeToLog(source, { after: 0 });
    const batches = reader(sub);
    // More than a subscription holds (READ_PAGE, 10 000), appended before its consumer reads on.
    const many = Array.from({ length: 10_001 }, () => event('Many'));
    append([{ streamName: 's-1', events: many, expected: 'no_stream' }]);
    append([{ streamName: 's-2', events: [event('After')], expected: 'no_stream' }]);
    const got = await take(batches, 10_002);
    await sub.close();
    expect(reads.count).toBeGreaterThan(0);
    expect(got.map((e) => e.position)).toEqual(Array.from({ length: 10_002 }, (_, i) => i + 1));
    expect(got[10_001].type).toBe('After');
  });

  it('leaves out an append whose data the file would give back otherwise, and reads it from the file', async () => {
    const { source, reads, append, statements } = logSource();
    const sub = subscribeToLog(source, { after: 0 });
    const batches = reader(sub);
    const odd = [
      {
        streamName: 's-1',
        events: [event('Odd', { gone: undefined, b: Buffer.from([1]) })],
        expected: 'no_stream' as const,
      },
    ];
    expect(appendedEvents(odd, append(odd), meta.occurredAt, false)).toEqual([]);
    const [got] = await take(batches, 1);
    await sub.close();
    expect(reads.count).toBeGreaterThan(0);
    expect(got.data).toStrictEqual({ b: { type: 'Buffer', data: [1] } });
    expect(statements.allForwards.all(0, 10)).toHaveLength(1);
  });

  it('hands over only what follows the last append it leaves out of a batch', () => {
    const { append } = logSource();
    const clean = (stream: string) => ({
      streamName: stream,
      events: [event('Clean')],
      expected: 'no_stream' as const,
    });
    const odd = (stream: string, type = 'Odd', data: unknown = { gone: undefined }) => ({
      streamName: stream,
      events: [event(type, data)],
      expected: 'no_stream' as const,
    });
    const handed = (batch: AppendRequest[]) =>
      appendedEvents(batch, append(batch), meta.occurredAt, false).map((e) => e.streamName);
    // Left last, the gap would come after what is handed over, unseen until the next poll.
    expect(handed([clean('a1'), odd('a2')])).toEqual([]);
    expect(handed([odd('b1'), clean('b2'), odd('b3', 'Odd\ud800', {}), clean('b4')])).toEqual([
      'b4',
    ]);
    expect(handed([clean('c1'), odd('c2\udc00', 'Clean', {}), clean('c3')])).toEqual(['c3']);
  });

  it('hands over nothing for a retried append that wrote nothing', () => {
    const { append } = logSource();
    const first = [
      { streamName: 's-1', events: [event('A'), event('B')], expected: 'no_stream' as const },
    ];
    const recordedAt = meta.occurredAt;
    const outcomes = append(first);
    expect(appendedEvents(first, outcomes, recordedAt, false)).toHaveLength(2);
    const again = append(first);
    expect(again).toEqual([{ ok: (outcomes[0] as { ok: unknown }).ok, repeated: true }]);
    expect(appendedEvents(first, again, recordedAt, false)).toEqual([]);
  });

  it('delivers exactly what the file holds, whatever the appends and the other writers (property)', async () => {
    // Mostly data that is handed over, sometimes data the file gives back otherwise.
    const dataArb = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({ n: fc.integer(), s: fc.string() }, { noNullPrototype: true }),
      },
      { weight: 2, arbitrary: fc.jsonValue() },
      { weight: 1, arbitrary: fc.constant({ gone: undefined, kept: 1 }) },
      { weight: 1, arbitrary: fc.constant({ at: new Date('2026-11-27T12:00:00Z'), zero: -0 }) },
      { weight: 1, arbitrary: fc.constant({ bytes: Buffer.from([1, 2]) }) },
      { weight: 1, arbitrary: fc.record({ n: fc.integer() }) },
    );
    const stepArb = fc.record({
      stream: fc.integer({ min: 0, max: 5 }),
      events: fc.array(dataArb, { minLength: 1, maxLength: 3 }),
      // A wrong expected revision refuses the append before it writes; an id twice in one append
      // fails at its second insert, after the first; a retry repeats one that landed.
      kind: fc.constantFrom(
        ...([
          'append',
          'append',
          'append',
          'append',
          'conflict',
          'same-id-twice',
          'retry',
        ] as const),
        'other-writer',
      ),
      metadataWithUndefined: fc.boolean(),
      // Sent with the step before it, unawaited: appends of one batch, and races between them.
      together: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 30 }), async (steps) => {
        const dir = mkdtempSync(join(tmpdir(), 'companion-handed-'));
        const file = join(dir, 'events.db');
        const store = new SqliteEventStore({ filename: file, freezeAppended: true });
        const other = new SqliteEventStore({ filename: file, pollIntervalMs: 5 });
        const sub = store.subscribeToAll({ after: 0 });
        // Read while the appends go on, as the projections do.
        const delivered: RecordedEvent[] = [];
        const reading = (async () => {
          for await (const batch of sub.batches(7)) delivered.push(...batch);
        })();
        try {
          const heads = new Map<string, number>();
          let lastLanded: Parameters<SqliteEventStore['append']> | null = null;
          const groups: (typeof steps)[] = [];
          for (const step of steps)
            if (step.together && groups.length > 0) groups[groups.length - 1].push(step);
            else groups.push([step]);
          for (const group of groups) {
            const sent = group.map(async (step) => {
              const streamName = `s-${step.stream}`;
              const head = heads.get(streamName) ?? -1;
              const metadata = step.metadataWithUndefined
                ? { ...meta, correlationId: undefined }
                : meta;
              const events = step.events.map((d) => event('E', d, metadata));
              const expected = head < 0 ? ('no_stream' as const) : head;
              if (step.kind === 'retry')
                return lastLanded
                  ? { args: lastLanded, result: await store.append(...lastLanded) }
                  : null;
              if (step.kind === 'conflict')
                return expect(store.append(streamName, events, head + 7)).rejects.toThrow();
              if (step.kind === 'same-id-twice') {
                const twice = [...events, { ...events[0], type: 'Again' }];
                return expect(store.append(streamName, twice, expected)).rejects.toThrow();
              }
              const args: Parameters<SqliteEventStore['append']> = [streamName, events, expected];
              const writer = step.kind === 'other-writer' ? other : store;
              // Two appends of one group to one stream: one of them is refused.
              return { args, result: await writer.append(...args) };
            });
            for (const outcome of await Promise.allSettled(sent)) {
              if (outcome.status !== 'fulfilled' || !outcome.value || !('args' in outcome.value))
                continue;
              const { args, result } = outcome.value;
              heads.set(args[0], Math.max(heads.get(args[0]) ?? -1, result.nextRevision));
              lastLanded = args;
            }
          }
          const fresh = new SqliteEventStore({ filename: file });
          const fromFile = await fresh.readAll({ maxCount: 10_000 });
          await fresh.close();
          // Another process's last append is seen at the next poll; give up well before Jest does.
          const deadline = Date.now() + 5_000;
          while (delivered.length < fromFile.length && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 5));
          expect(delivered).toStrictEqual(fromFile);
        } finally {
          await sub.close();
          await reading;
          await store.close();
          await other.close();
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 25 },
    );
  });
});
