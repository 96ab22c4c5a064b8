// What writing a discovery candidate's scores as JSON text costs: `scoresJsonMembers` (the built
// code, `npm run build` first) against `JSON.stringify` of the same scores as an object, which the
// page did before. Alternated rounds over the same generated candidates, nanoseconds per candidate.
//   node bench/scores-json-cost.js [candidates=200000] [rounds=5]
const { join } = require('node:path');
const { scoresJsonMembers } = require(
  join(__dirname, '..', 'dist', 'libs', 'matching', 'src', 'domain', 'scores-json.js'),
);

const count = Number(process.argv[2] ?? 200_000);
const rounds = Number(process.argv[3] ?? 5);
const round = (x) => Math.round(x * 10_000) / 10_000;
const now = Date.parse('2026-11-27T00:00:00Z');

// Scores as a page has them: cosines, a weighted sum, participation within the last weeks.
const candidates = Array.from({ length: count }, (_, i) => ({
  ranked: {
    id: `a${i}`,
    row: i,
    score: Math.random(),
    likedYou: Math.random() < 0.1,
    recentlyActive: Math.random() < 0.5,
    lastParticipationMs:
      Math.random() < 0.05 ? 0 : now - Math.floor(Math.random() * 30 * 86_400_000),
  },
  breakdown: { traits: Math.random(), interests: Math.random(), text: Math.random() * 2 - 1 },
}));

const ways = {
  'JSON.stringify of an object': ({ ranked: r, breakdown: b }) =>
    JSON.stringify({
      compatibilityScore: round(r.score),
      likedYou: r.likedYou,
      recentlyActive: r.recentlyActive,
      lastParticipationAt: r.lastParticipationMs
        ? new Date(r.lastParticipationMs).toISOString()
        : null,
      compatibility: {
        traits: round(b.traits),
        interests: round(b.interests),
        text: round(b.text),
      },
    }).slice(1, -1),
  scoresJsonMembers: ({ ranked, breakdown }) => scoresJsonMembers(ranked, breakdown),
};

for (const c of candidates.slice(0, 1000)) {
  const [a, b] = Object.values(ways).map((write) => write(c));
  if (a !== b) throw new Error(`the two differ:\n${a}\n${b}`);
}
const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let r = 0; r < rounds; r++) {
  for (const [name, write] of Object.entries(ways)) {
    let bytes = 0;
    const start = process.hrtime.bigint();
    for (const c of candidates) bytes += write(c).length;
    results[name].push(Number(process.hrtime.bigint() - start) / count);
    if (bytes === 0) throw new Error('nothing written');
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, ns] of Object.entries(results))
  console.log(
    `${name}: median ${Math.round(median(ns))} ns a candidate (rounds: ${ns.map(Math.round).join(', ')})`,
  );
