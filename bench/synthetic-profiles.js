// The seeded source of the discovery benchmarks' synthetic profiles (bench/discovery-ranking.js,
// bench/discovery-ann.js, bench/ann-quantization-cost.js): the same seed gives the same
// population, so two builds compare on it.
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
];

/** `rnd()` in [0, 1) from a Lehmer generator, and `pick(n)`: n words drawn from WORDS. */
function seeded(seed = 42) {
  let state = seed;
  const rnd = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const pick = (n) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
  return { rnd, pick };
}

/** What the embedder reads of one profile, from `seeded`'s draws; `bare`: no interests, no bio. */
function syntheticProfile({ rnd, pick }, bare = false) {
  return {
    personalityTraits: {
      openness: rnd(),
      conscientiousness: rnd(),
      extraversion: rnd(),
      agreeableness: rnd(),
      neuroticism: rnd(),
    },
    interests: bare ? [] : pick(1 + Math.floor(rnd() * 5)),
    bio: bare ? '' : pick(12).join(' '),
  };
}

/**
 * The candidate matrix of `agents` synthetic profiles embedded by the local embedder, a share
 * `recentShare` of them active in the last six days (the others 8–68 days ago), a share `sparse`
 * without interests and bio (their vectors are shorter), as discovery's index sees them.
 */
async function syntheticMatrix({ agents, recentShare, sparse = 0, now, seed = 42 }) {
  const dist = (p) => require(`../dist/libs/matching/src/domain/${p}`);
  const { LocalEmbedder, toVector } = dist('compatibility');
  const { CandidateMatrix } = dist('candidate-matrix');
  const { rnd, pick } = seeded(seed);
  const embedder = new LocalEmbedder();
  const blocks = [
    { end: 16, weight: 0.4 },
    { end: 48, weight: 0.35 },
    { end: 112, weight: 0.25 },
  ];
  const matrix = new CandidateMatrix(112, blocks, agents);
  const t0 = performance.now();
  for (let i = 0; i < agents; i++) {
    const bare = sparse > 0 && rnd() < sparse; // no draw at 0: the population of earlier runs
    const e = await embedder.embed(syntheticProfile({ rnd, pick }, bare));
    const recent = rnd() < recentShare;
    const age = recent ? rnd() * 6 : 8 + rnd() * 60;
    matrix.upsert(`a${i}`, toVector(e), now - Math.floor(age * 86_400_000), null);
    if (i % 100_000 === 99_999)
      process.stderr.write(
        `\rembedded ${i + 1} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
  }
  return matrix;
}

/**
 * A new discovery caller of the synthetic population: the agent of `row`, which has swiped on
 * `swipes` agents spread over the population and was liked by 10 others it has not swiped on.
 */
function syntheticQuery(matrix, row, { swipes, now, limit = 20 }) {
  const agents = matrix.size;
  const callerId = matrix.ids[row];
  const swiped = new Set(
    Array.from({ length: swipes }, (_, k) => `a${(row + 1 + k * 4999) % agents}`),
  );
  const likedBy = new Set(
    Array.from({ length: 10 }, (_, k) => `a${(row + 7 + k * 104_729) % agents}`).filter(
      (id) => !swiped.has(id),
    ),
  );
  const callerVector = matrix.vectorOf(callerId);
  return { callerId, callerVector, swiped, likedBy, nowMs: now, limit };
}

module.exports = { seeded, syntheticMatrix, syntheticProfile, syntheticQuery };
