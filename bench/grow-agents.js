// Grows a generated data set to more agents without the HTTP API: each new agent's registration
// decided by the real agent decider and appended through the real event store (the events the
// command loop writes), its key kept in agents.json. The service's first start then projects them.
// Much faster than bench/generate.js at 100 000 agents (38 minutes there on an idle machine); the
// added agents have registered and done nothing else, so they are all recently active.
//   node bench/grow-agents.js 10000 100000   (copies bench/data/10000 to bench/data/10000+100000)
const { cpSync, existsSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { SqliteEventStore } = require('../dist/libs/event-store/src');
const { agentDecider } = require('../dist/libs/agents/src/domain');
const { agentStream } = require('../dist/libs/agents/src/application/agent-stream');
const { generateApiKey, hashApiKey, newId } = require('../dist/libs/platform/src');
const { profile } = require('./generate');
const { ROOT } = require('./lib');

const N = process.argv[2] ?? '10000';
const TARGET = Number(process.argv[3] ?? 100_000);
const source = join(ROOT, 'bench', 'data', N);
const dir = join(ROOT, 'bench', 'data', `${N}+${TARGET}`);

async function main() {
  if (existsSync(join(dir, 'agents.json'))) return console.log(`${dir} exists`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(source, dir, { recursive: true });
  const data = JSON.parse(readFileSync(join(dir, 'agents.json'), 'utf8'));
  const store = new SqliteEventStore({ filename: join(dir, 'events.db') });
  const t0 = Date.now();
  for (let i = data.agents.length; i < TARGET;) {
    const appends = [];
    for (let k = 0; k < 256 && i < TARGET; k++, i++) {
      const agentId = newId();
      const apiKey = generateApiKey();
      const events = agentDecider.decide(
        {
          type: 'RegisterAgent',
          agentId,
          profile: { ...profile(i), framework: 'unspecified' },
          apiKeyHash: hashApiKey(apiKey),
        },
        agentDecider.initialState(),
      );
      const occurredAt = new Date().toISOString();
      appends.push(
        store.append(
          agentStream(agentId),
          events.map((e) => ({
            id: newId(),
            type: e.type,
            data: e.data,
            metadata: { occurredAt, actorId: agentId },
          })),
          'no_stream',
        ),
      );
      data.agents.push({ id: agentId, key: apiKey });
    }
    await Promise.all(appends);
    process.stdout.write(`\r${i} agents (${Math.round((Date.now() - t0) / 1000)} s)   `);
  }
  await store.close();
  writeFileSync(join(dir, 'agents.json'), JSON.stringify(data));
  console.log(`\n${dir}: ${data.agents.length} agents`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
