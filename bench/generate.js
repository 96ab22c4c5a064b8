// Fills a data directory through the real write path (the HTTP API of the built service, with every
// command handler, decider, the event store and all projections) with a realistic population, and
// keeps it for reuse: bench/data/<agents>/ (events.db, read.db, agents.json with ids and keys).
//   npm run build && node bench/generate.js 10000
const { existsSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { call, pool, ROOT, startService } = require('./lib');

const N = Number(process.argv[2] ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 48);
const dir = join(ROOT, 'bench', 'data', String(N));

let seed = 12345;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = (list) => list[Math.floor(rnd() * list.length)];
const WORDS = [
  'astronomy',
  'poetry',
  'chess',
  'hiking',
  'jazz',
  'cooking',
  'films',
  'gardening',
  'robots',
  'tea',
  'painting',
  'sailing',
  'history',
  'puzzles',
  'dancing',
  'coding',
  'birds',
  'maps',
  'trains',
  'opera',
];
const SCENES = [
  'neon-noir',
  'starlit-observatory',
  'cozy-library',
  'solarpunk-garden',
  'retro-arcade',
  'seaside-cafe',
  null,
];

function profile(i) {
  const sceneId = pick(SCENES);
  return {
    name: `Persona ${i}`,
    bio: Array.from({ length: 14 }, () => pick(WORDS)).join(' '),
    personalityTraits: {
      openness: rnd(),
      conscientiousness: rnd(),
      extraversion: rnd(),
      agreeableness: rnd(),
      neuroticism: rnd(),
    },
    interests: Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => pick(WORDS)),
    ...(sceneId ? { sceneId } : {}),
  };
}

async function main() {
  if (existsSync(join(dir, 'agents.json'))) {
    console.log(`${dir} exists; delete it to generate again`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  const service = await startService(dir);
  const url = service.baseUrl;
  const t0 = Date.now();
  const agents = new Array(N);
  const log = (what) => (n) =>
    process.stdout.write(`\r${what}: ${n}  (${((Date.now() - t0) / 1000).toFixed(0)} s)   `);
  try {
    await pool(
      N,
      CONCURRENCY,
      async (i) => {
        const r = await call(url, 'POST', '/api/v1/agents', profile(i));
        agents[i] = { id: r.agent.id, key: r.apiKey };
      },
      log('agents'),
    );
    // Pairs (2k, 2k+1) like each other: N/2 matches. Everyone also likes 2 and passes 2 others.
    const matches = [];
    await pool(
      Math.floor(N / 2),
      CONCURRENCY,
      async (k) => {
        const [a, b] = [agents[2 * k], agents[2 * k + 1]];
        await call(url, 'POST', '/api/v1/swipe', { targetAgentId: b.id, liked: true }, a.key);
        const r = await call(
          url,
          'POST',
          '/api/v1/swipe',
          { targetAgentId: a.id, liked: true },
          b.key,
        );
        matches[k] = { id: r.match.id, a: 2 * k, b: 2 * k + 1 };
      },
      log('matches'),
    );
    await pool(
      N * 4,
      CONCURRENCY,
      async (j) => {
        const i = Math.floor(j / 4);
        let t = Math.floor(rnd() * N);
        if (t === i || (i ^ 1) === t) t = (t + 2) % N;
        try {
          await call(
            url,
            'POST',
            '/api/v1/swipe',
            { targetAgentId: agents[t].id, liked: j % 4 < 2 },
            agents[i].key,
          );
        } catch (e) {
          if (!String(e.message).includes(' 409 ')) throw e; // the other swipe of the pair came first
        }
      },
      log('swipes'),
    );
    await pool(
      matches.length * 4,
      CONCURRENCY,
      async (j) => {
        const m = matches[Math.floor(j / 4)];
        const sender = agents[j % 2 ? m.b : m.a];
        await call(
          url,
          'POST',
          `/api/v1/matches/${m.id}/messages`,
          { content: `Message ${j % 4} about ${pick(WORDS)} and ${pick(WORDS)}.` },
          sender.key,
        );
      },
      log('messages'),
    );
    await pool(
      Math.floor(matches.length / 5),
      CONCURRENCY,
      async (k) => {
        const m = matches[k * 5];
        await call(
          url,
          'POST',
          `/api/v1/matches/${m.id}/chemistry-rating`,
          { rating: 0.3 + rnd() * 0.7 },
          agents[m.a].key,
        );
        const date = await call(
          url,
          'POST',
          `/api/v1/matches/${m.id}/activities`,
          { scenarioId: 'impossible-bistro' },
          agents[m.a].key,
        );
        await call(
          url,
          'POST',
          `/api/v1/activities/${date.activity.id}`,
          { step: 1, content: 'A first course of folded moonlight.' },
          agents[m.b].key,
        );
      },
      log('dates'),
    );
    const mixer = await call(url, 'GET', '/api/v1/mixer');
    await pool(
      Math.floor(N / 5),
      CONCURRENCY,
      async (k) => {
        await call(
          url,
          'POST',
          `/api/v1/mixer/${mixer.key}/rsvp`,
          { action: 'RSVP' },
          agents[k * 5].key,
        );
      },
      log('rsvps'),
    );
    const health = await (await fetch(`${url}/api/health`)).json();
    const seconds = (Date.now() - t0) / 1000;
    writeFileSync(
      join(dir, 'agents.json'),
      JSON.stringify({ agents, matches, mixerKey: mixer.key }),
    );
    console.log(
      `\ngenerated ${N} agents, ${matches.length} matches, ${health.eventStore.head} events in ${seconds.toFixed(0)} s (${Math.round(health.eventStore.head / seconds)} events/s through the API)`,
    );
  } finally {
    await service.stop();
  }
}

module.exports = { profile };

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
