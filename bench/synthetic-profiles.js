// The seeded source of the discovery benchmarks' synthetic profiles (bench/discovery-ranking.js,
// bench/discovery-ann.js): the same seed gives the same population, so two builds compare on it.
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

module.exports = { seeded };
