import {
  compatibility,
  COMPATIBILITY_WEIGHTS,
  dot,
  EmbeddingInput,
  interestFeatures,
  LOCAL_DIMENSIONS,
  LOCAL_MODEL,
  textTerms,
  toVector,
  vectorScore,
} from '../src/domain/compatibility';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { rowBreakdown, rowScore } from '../src/domain/discovery-order';
import { ada, embed, traits } from './support/embedding-fixtures';

const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** mulberry32: a tiny seeded PRNG, so the "random" profiles are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = [
  'hiking',
  'chess',
  'opera',
  'knitting',
  'astronomy',
  'jazz',
  'cooking',
  'poetry',
  'robots',
  'gardening',
  'sailing',
  'painting',
  'café',
  '東京',
  'philosophy',
  'dancing',
  'climbing',
  'rock',
  'music',
  'films',
];
const STOP_ONLY = ['the and of it', 'I am, you are; we were.', 'to be or not to be', '!!!'];

function randomProfile(next: () => number, i: number): EmbeddingInput {
  const pick = () => VOCABULARY[Math.floor(next() * VOCABULARY.length)];
  const words = (n: number) => Array.from({ length: n }, pick).join(' ');
  // Every few profiles, one block has nothing to say, so the neutral case is exercised on each side.
  const flat = i % 7 === 0;
  const noText = i % 5 === 0;
  const noInterests = i % 11 === 0;
  const personalityTraits = flat
    ? traits(0.5)
    : {
        openness: next(),
        conscientiousness: next(),
        extraversion: next(),
        agreeableness: next(),
        neuroticism: next(),
        ...(next() < 0.5 ? { humor: next(), wit: next(), Patience: next() } : {}),
      };
  return {
    personalityTraits,
    interests: noInterests
      ? ['!!!', '...']
      : Array.from({ length: 1 + Math.floor(next() * 5) }, () => words(1 + Math.floor(next() * 2))),
    bio: noText ? STOP_ONLY[i % STOP_ONLY.length] : `${words(3 + Math.floor(next() * 10))}.`,
    backstory: noText || next() < 0.5 ? undefined : words(5),
  };
}

describe('compatibility', () => {
  it('weights sum to 1', () => {
    expect(
      COMPATIBILITY_WEIGHTS.traits + COMPATIBILITY_WEIGHTS.interests + COMPATIBILITY_WEIGHTS.text,
    ).toBeCloseTo(1, 15);
  });

  it('scores identical profiles 1, in every block', () => {
    const result = compatibility(embed(ada), embed({ ...ada }));
    expect(Object.keys(result.breakdown).sort()).toEqual(['interests', 'text', 'traits']);
    expect(Math.abs(result.score - 1)).toBeLessThan(1e-9);
    for (const sub of Object.values(result.breakdown)) expect(Math.abs(sub - 1)).toBeLessThan(1e-9);
  });

  it('gives opposite traits (0 against 1 everywhere, extras included) a traits sub-score of 0', () => {
    const low = embed({ ...ada, personalityTraits: traits(0, 0, { humor: 0, curiosity: 0 }) });
    const high = embed({ ...ada, personalityTraits: traits(1, 1, { humor: 1, curiosity: 1 }) });
    expect(compatibility(low, high).breakdown.traits).toBeCloseTo(0, 12);
  });

  it('gives disjoint interests about 0.5 and shared ones more', () => {
    const base = { ...ada, personalityTraits: traits(0.7) };
    const hikerChess = embed({ ...base, interests: ['hiking', 'chess', 'opera'] });
    const knitter = embed({ ...base, interests: ['knitting', 'astronomy', 'jazz'] });
    const hikerKnitter = embed({ ...base, interests: ['hiking', 'chess', 'knitting'] });
    const disjoint = compatibility(hikerChess, knitter).breakdown.interests;
    const shared = compatibility(hikerChess, hikerKnitter).breakdown.interests;
    // Hash collisions may move disjoint sets off 0.5 in either direction, but never far.
    expect(disjoint).toBeLessThan(0.75);
    expect(disjoint).toBeGreaterThan(0.25);
    expect(shared).toBeGreaterThan(disjoint);
  });

  it('treats an all-zero block as neutral (0.5), not as a disagreement', () => {
    const silent = embed({
      ...ada,
      bio: 'The and of it, to be or not to be.',
      backstory: undefined,
    });
    expect(silent.text.every((x) => x === 0)).toBe(true);
    const result = compatibility(embed(ada), silent);
    expect(result.breakdown.text).toBe(0.5);
    // And a profile is then not a perfect match for itself: "nothing to say" is not agreement.
    expect(compatibility(silent, silent).score).toBeCloseTo(1 - COMPATIBILITY_WEIGHTS.text / 2, 12);
  });

  it('refuses to compare embeddings of different models or sizes', () => {
    const a = embed(ada);
    expect(() => compatibility(a, { ...a, model: 'other-v1' })).toThrow(/different models/);
    expect(() => compatibility(a, { ...a, text: [...a.text, 0] })).toThrow(
      /text blocks have 64 and 65/,
    );
    expect(() => compatibility(a, { ...a, traits: a.traits.map(() => NaN) })).toThrow(/non-finite/);
    expect(() => dot(toVector(a), new Float32Array(3))).toThrow(/different lengths/);
  });

  describe('200 seeded pseudo-random profiles', () => {
    const next = prng(20240601);
    const profiles = Array.from({ length: 200 }, (_, i) => randomProfile(next, i));
    const embeddings = profiles.map(embed);
    const vectors = embeddings.map(toVector);

    it('include profiles with every block empty on one side or the other', () => {
      expect(embeddings.some((e) => e.text.every((x) => x === 0))).toBe(true);
      expect(embeddings.some((e) => e.traits.every((x) => x === 0))).toBe(true);
      expect(embeddings.some((e) => e.interests.every((x) => x === 0))).toBe(true);
    });

    it('have blocks of the fixed sizes, each unit-length or all zeros', () => {
      for (const e of embeddings) {
        expect(e.model).toBe(LOCAL_MODEL);
        expect([e.traits.length, e.interests.length, e.text.length]).toEqual([
          LOCAL_DIMENSIONS.traits,
          LOCAL_DIMENSIONS.interests,
          LOCAL_DIMENSIONS.text,
        ]);
        for (const block of [e.traits, e.interests, e.text]) {
          const n = norm(block);
          expect(n === 0 || Math.abs(n - 1) < 1e-12).toBe(true);
        }
      }
    });

    it('score within 0..1 for every pair, and one dot product of toVector gives the same score', () => {
      // Worst cases gathered first: 20,100 pairs would make 100,000 expect() calls slow for nothing.
      let lowest = Infinity;
      let highest = -Infinity;
      let worstGap = 0;
      for (let i = 0; i < embeddings.length; i++) {
        for (let j = i; j < embeddings.length; j++) {
          const { score, breakdown } = compatibility(embeddings[i], embeddings[j]);
          lowest = Math.min(lowest, score, breakdown.traits, breakdown.interests, breakdown.text);
          highest = Math.max(highest, score, breakdown.traits, breakdown.interests, breakdown.text);
          worstGap = Math.max(
            worstGap,
            Math.abs((dot(vectors[i], vectors[j]) + 1) / 2 - score),
            Math.abs(vectorScore(vectors[i], vectors[j]) - score),
          );
        }
      }
      expect(lowest).toBeGreaterThanOrEqual(0);
      expect(highest).toBeLessThanOrEqual(1);
      expect(worstGap).toBeLessThan(1e-6);
    });

    it('the breakdown read from a candidate matrix is the breakdown of the embeddings, to float32', () => {
      const m = new CandidateMatrix(16 + 32 + 64, [
        { end: 16, weight: COMPATIBILITY_WEIGHTS.traits },
        { end: 48, weight: COMPATIBILITY_WEIGHTS.interests },
        { end: 112, weight: COMPATIBILITY_WEIGHTS.text },
      ]);
      vectors.forEach((v, i) => m.upsert(`p${i}`, v, 0, null));
      let worstGap = 0;
      let neutral = 0;
      for (let i = 0; i < embeddings.length; i++) {
        for (let j = 0; j < embeddings.length; j++) {
          const { score, breakdown } = compatibility(embeddings[i], embeddings[j]);
          const fromRow = rowBreakdown(m, vectors[i], m.rowOf.get(`p${j}`)!);
          for (const block of ['traits', 'interests', 'text'] as const) {
            worstGap = Math.max(worstGap, Math.abs(fromRow[block] - breakdown[block]));
            // A block empty on either side is exactly the neutral 0.5 in both.
            if (breakdown[block] === 0.5 && fromRow[block] === 0.5) neutral++;
          }
          worstGap = Math.max(
            worstGap,
            Math.abs(rowScore(m, vectors[i], m.rowOf.get(`p${j}`)!) - score),
          );
        }
      }
      expect(worstGap).toBeLessThan(1e-6);
      expect(neutral).toBeGreaterThan(0);
      expect(() =>
        rowBreakdown(new CandidateMatrix(2, [{ end: 2, weight: 1 }]), vectors[0], 0),
      ).toThrow(/3 embedding blocks/);
    });

    it('toVector has the summed block length and norm √(sum of the weights of non-empty blocks)', () => {
      embeddings.forEach((e, i) => {
        expect(vectors[i].length).toBe(16 + 32 + 64);
        const expected = (['traits', 'interests', 'text'] as const)
          .filter((b) => e[b].some((x) => x !== 0))
          .reduce((s, b) => s + COMPATIBILITY_WEIGHTS[b], 0);
        expect(norm([...vectors[i]]) ** 2).toBeCloseTo(expected, 6);
      });
    });
  });

  it('is deterministic, and the order, case and repetition of interests do not matter', () => {
    const first = embed(ada);
    expect(embed(JSON.parse(JSON.stringify(ada)))).toEqual(first);
    const reordered = embed({
      ...ada,
      interests: ['chess', 'ROCK  climbing', 'poetry', 'Poetry'],
      personalityTraits: Object.fromEntries(Object.entries(ada.personalityTraits).reverse()),
    });
    expect(reordered).toEqual(first);
  });

  it('puts "Hiking", "hikes", "hiking" (and "hikers", "hike") in the same feature', () => {
    const features = ['Hiking', 'hikes', 'hiking', ' hikers ', 'hike'].map(
      (i) => interestFeatures(i).features,
    );
    for (const f of features) expect(f).toEqual(['hik']);
    const asInterest = (interest: string) => embed({ ...ada, interests: [interest] }).interests;
    expect(asInterest('hikes')).toEqual(asInterest('Hiking'));
    expect(asInterest('hiking')).toEqual(asInterest('Hiking'));
    expect(textTerms('Hiking hikes hiking')).toEqual(['hik', 'hik', 'hik']);
  });
});
