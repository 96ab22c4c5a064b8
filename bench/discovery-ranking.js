// Discovery at scale: ranks N candidates (default 100 000) for one caller with the real embedder
// and the real ranking, as GET /discover does after its candidate index is warm; then the same
// caller asking again after five swipes while 1 000 other agents took part (the kept ranking, patched).
//   npm run build && node bench/discovery-ranking.js [N] [rounds]
const { LocalEmbedder, toVector } = require('../dist/libs/matching/src/domain/compatibility');
const { rankCandidates } = require('../dist/libs/matching/src/domain/discovery-ranking');
const { CandidateMatrix } = require('../dist/libs/matching/src/domain/candidate-matrix');
const { seeded, syntheticProfile } = require('./synthetic-profiles');
const { discoverRanked } = require('../dist/libs/matching/src/domain/discovery-cache');

const N = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 200);
const { rnd, pick } = seeded(42);

async function main() {
  const embedder = new LocalEmbedder();
  const now = Date.now();
  const t0 = performance.now();
  const candidates = [];
  for (let i = 0; i < N; i++) {
    const e = await embedder.embed(syntheticProfile({ rnd, pick }));
    candidates.push({
      id: `a${i}`,
      sceneId: null,
      lastParticipationMs: now - Math.floor(rnd() * 30) * 86_400_000,
      vector: toVector(e),
    });
  }
  const matrix = new CandidateMatrix(
    112,
    [
      { end: 16, weight: 0.4 },
      { end: 48, weight: 0.35 },
      { end: 112, weight: 0.25 },
    ],
    N,
  );
  for (const c of candidates) matrix.upsert(c.id, c.vector, c.lastParticipationMs, c.sceneId);
  const built = performance.now() - t0;
  const likedBy = new Set(Array.from({ length: 20 }, (_, i) => `a${i * 97}`));
  const swiped = new Set(Array.from({ length: 500 }, (_, i) => `a${i * 13}`));
  const times = [];
  // CPU time per ranking too: on a shared machine it moves far less than wall time.
  const cpu = [];
  for (let r = 0; r < ROUNDS; r++) {
    const caller = candidates[r % candidates.length];
    const c = process.cpuUsage();
    const s = performance.now();
    rankCandidates(matrix, {
      callerId: caller.id,
      callerVector: caller.vector,
      swiped,
      likedBy,
      nowMs: now,
      limit: 20,
    });
    times.push(performance.now() - s);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const again = [];
  for (let r = 0; r < ROUNDS; r++) {
    const caller = candidates[(r * 7919) % candidates.length];
    const query = {
      callerId: caller.id,
      callerVector: caller.vector,
      swiped,
      likedBy,
      nowMs: now,
      limit: 20,
    };
    const { ranked, kept } = discoverRanked(matrix, undefined, query);
    for (let k = 0; k < 1000; k++) matrix.touch(candidates[(r * 31 + k * 97) % N].id, now);
    const more = new Set([...swiped, ...ranked.slice(0, 5).map((x) => x.id)]);
    const s = performance.now();
    discoverRanked(matrix, kept, { ...query, swiped: more });
    again.push(performance.now() - s);
  }
  const q = (xs, p) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(2);
  console.log(
    JSON.stringify({
      candidates: N,
      dimensions: candidates[0].vector.length,
      embedSeconds: +(built / 1000).toFixed(1),
      rounds: ROUNDS,
      p50ms: +q(times, 0.5),
      p99ms: +q(times, 0.99),
      maxms: +Math.max(...times).toFixed(2),
      cpu: { p50ms: +q(cpu, 0.5), p99ms: +q(cpu, 0.99) },
      recentlyActive: candidates.filter((c) => c.lastParticipationMs >= now - 7 * 86_400_000)
        .length,
      askedAgain: { p50ms: +q(again, 0.5), p99ms: +q(again, 0.99) },
    }),
  );
}
main();
