// Grows a generated data set's event log to a target size with conversation events decided by the
// real match decider and appended through the real event store (no HTTP, no projections), for the
// start-up and rebuild measurements on a log of 1 000 000 events.
//   node bench/grow-log.js 10000 1000000   (copies bench/data/10000 to bench/data/10000-1000000)
const { cpSync, existsSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { randomUUID } = require('node:crypto');
const { SqliteEventStore } = require('../dist/libs/event-store/src');
const { matchDecider } = require('../dist/libs/matching/src/domain/match');
const { ROOT } = require('./lib');

const N = process.argv[2] ?? '10000';
const TARGET = Number(process.argv[3] ?? 1_000_000);
const source = join(ROOT, 'bench', 'data', N);
const dir = join(ROOT, 'bench', 'data', `${N}-${TARGET}`);

async function main() {
  if (existsSync(join(dir, 'agents.json'))) return console.log(`${dir} exists`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(source, dir, { recursive: true });
  const { matches, agents } = JSON.parse(readFileSync(join(dir, 'agents.json'), 'utf8'));
  const store = new SqliteEventStore({ filename: join(dir, 'events.db') });
  let head = await store.headPosition();
  const state = new Map(); // matchId → { revision, state }
  for (const m of matches) {
    const events = await store.readStream(`match-${m.id}`);
    state.set(m.id, {
      revision: events.length ? events[events.length - 1].revision : -1,
      state: events.reduce(matchDecider.evolve, matchDecider.initialState()),
    });
  }
  const t0 = Date.now();
  let i = 0;
  while (head < TARGET) {
    const batch = [];
    for (let k = 0; k < 512 && head + batch.length < TARGET; k++, i++) {
      const m = matches[(i * 7919) % matches.length];
      const s = state.get(m.id);
      const senderId = agents[i % 2 ? m.b : m.a].id;
      const participants = [agents[m.a].id, agents[m.b].id];
      const events = matchDecider.decide(
        {
          type: 'SendMessage',
          matchId: m.id,
          participants,
          senderId,
          messageId: randomUUID(),
          content: `Line ${i} of a long conversation about maps and tea.`,
          storyId: randomUUID(),
        },
        s.state,
      );
      batch.push({ m, s, events });
      s.state = events.reduce(matchDecider.evolve, s.state);
    }
    // One append per match stream in this batch, with the revision the decision was made on.
    const byStream = new Map();
    for (const b of batch) {
      const entry = byStream.get(b.m.id) ?? { s: b.s, events: [] };
      entry.events.push(...b.events);
      byStream.set(b.m.id, entry);
    }
    const results = await Promise.all(
      [...byStream].map(([id, { s, events }]) => {
        const expected = s.revision < 0 ? 'no_stream' : s.revision;
        s.revision += events.length;
        return store.append(
          `match-${id}`,
          events.map((e) => ({
            id: randomUUID(),
            type: e.type,
            data: e.data,
            metadata: { occurredAt: new Date().toISOString() },
          })),
          expected,
        );
      }),
    );
    head = Math.max(head, ...results.map((r) => r.position));
    if (i % 51200 < 512)
      process.stdout.write(`\r${head} events (${Math.round((Date.now() - t0) / 1000)} s)   `);
  }
  await store.close();
  console.log(`\n${dir}: ${head} events`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
