// What writing a discovery candidate's scores into the page's buffer costs: `writeScoresMembers`
// (the built code, `npm run build` first) against `JSON.stringify` of the same scores as an object
// copied in as Latin-1, as the page did before it wrote them by hand. Alternated rounds over the
// same generated candidates, nanoseconds per candidate.
//   node bench/scores-json-cost.js [candidates=200000] [rounds=5]
const { join } = require('node:path');
const { writeScoresMembers, SCORES_MAX_BYTES } = require(
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

// Each way writes into the same page-sized buffer, as the page does, and answers the bytes' end.
const out = Buffer.alloc(SCORES_MAX_BYTES * 20);
const ways = {
  'JSON.stringify of an object': ({ ranked: r, breakdown: b }, at) =>
    at +
    out.write(
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
      at,
      'latin1',
    ),
  writeScoresMembers: ({ ranked, breakdown }, at) => writeScoresMembers(out, at, ranked, breakdown),
};

for (const c of candidates.slice(0, 1000)) {
  const [a, b] = Object.values(ways).map((write) => out.toString('latin1', 0, write(c, 0)));
  if (a !== b) throw new Error(`the two differ:\n${a}\n${b}`);
}
const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let r = 0; r < rounds; r++) {
  for (const [name, write] of Object.entries(ways)) {
    let bytes = 0;
    const start = process.hrtime.bigint();
    // A page's worth at a time, each candidate after the last, as in the page.
    for (let i = 0, at = 0; i < candidates.length; i++) {
      at = i % 20 === 0 ? 0 : at;
      const end = write(candidates[i], at);
      bytes += end - at;
      at = end;
    }
    results[name].push(Number(process.hrtime.bigint() - start) / count);
    if (bytes === 0) throw new Error('nothing written');
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, ns] of Object.entries(results))
  console.log(
    `${name}: median ${Math.round(median(ns))} ns a candidate (rounds: ${ns.map(Math.round).join(', ')})`,
  );
