/**
 * Compatibility between two profiles, kept explainable (architecture §8): a profile is embedded as
 * three separate blocks, each block is compared on its own, and the score is their weighted sum, so
 * discovery can say which part of two profiles agrees.
 */

/** What an embedder reads from a profile: the matching-relevant fields of spec §2. */
export interface EmbeddingInput {
  personalityTraits: Record<string, number>;
  interests: string[];
  bio: string;
  backstory?: string;
}

/**
 * Each block is unit-length or all zeros. All zeros means "nothing to say" (say, a bio made only of
 * stop words), which compares as neutral rather than as a disagreement.
 * `model` names everything that shapes the vectors: embeddings of different models never compare.
 */
export interface Embedding {
  model: string;
  traits: number[];
  interests: number[];
  text: number[];
}

export type EmbeddingBlock = 'traits' | 'interests' | 'text';

export const EMBEDDING_BLOCKS: readonly EmbeddingBlock[] = ['traits', 'interests', 'text'];

/** Personality first, then shared interests, then the words of the bio; they sum to 1 so the score stays in 0..1. */
export const COMPATIBILITY_WEIGHTS = { traits: 0.4, interests: 0.35, text: 0.25 } as const;

/** Each sub-score is the block cosine mapped to 0..1: 0 opposite, 0.5 unrelated or unknown, 1 the same. */
export type CompatibilityBreakdown = Record<EmbeddingBlock, number>;

export interface Compatibility {
  score: number;
  breakdown: CompatibilityBreakdown;
}

/** The neutral sub-score, given when either side has nothing to say in a block. */
export const NEUTRAL = 0.5;

export function compatibility(a: Embedding, b: Embedding): Compatibility {
  assertComparable(a, b);
  const breakdown = {} as CompatibilityBreakdown;
  let score = 0;
  for (const block of EMBEDDING_BLOCKS) {
    const sub = subScore(a[block], b[block], block);
    breakdown[block] = sub;
    score += COMPATIBILITY_WEIGHTS[block] * sub;
  }
  return { score, breakdown };
}

/**
 * The blocks concatenated, each normalised and scaled by √weight, so that for two vectors of the same
 * model `(dot(va, vb) + 1) / 2 === compatibility(a, b).score` (up to Float32 rounding): discovery can
 * score every candidate with one dot product instead of three cosines.
 *
 * The all-zero block needs no special case: it contributes 0 to the dot product, the same as a cosine
 * of 0, and (0 + 1) / 2 is exactly the neutral 0.5 that `compatibility` gives it. One consequence holds
 * in both paths alike: a profile with an all-zero block is not a perfect match for itself (each such
 * block costs weight / 2), because "nothing to say" is not agreement.
 *
 * The vector does not carry the model name: only compare vectors built from embeddings of one model.
 */
export function toVector(e: Embedding): Float32Array {
  const out = new Float32Array(e.traits.length + e.interests.length + e.text.length);
  let offset = 0;
  for (const block of EMBEDDING_BLOCKS) {
    const values = e[block];
    const norm = finiteNorm(values, block);
    const scale = norm === 0 ? 0 : Math.sqrt(COMPATIBILITY_WEIGHTS[block]) / norm;
    for (let i = 0; i < values.length; i++) out[offset + i] = values[i] * scale;
    offset += values.length;
  }
  return out;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length)
    throw new Error(`cannot compare vectors of different lengths: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** The score of two `toVector` results; equals `compatibility(a, b).score`. */
export function vectorScore(va: Float32Array, vb: Float32Array): number {
  return (dot(va, vb) + 1) / 2;
}

/** Unit length, or all zeros when there is nothing to normalise. */
export function l2Normalise(values: readonly number[]): number[] {
  const norm = l2Norm(values);
  return norm === 0 ? values.map(() => 0) : values.map((v) => v / norm);
}

function l2Norm(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * values[i];
  return Math.sqrt(sum);
}

function subScore(a: number[], b: number[], block: EmbeddingBlock): number {
  const na = finiteNorm(a, block);
  const nb = finiteNorm(b, block);
  if (na === 0 || nb === 0) return NEUTRAL;
  // Blocks are meant to be unit-length already; dividing anyway keeps a slightly-off external vector
  // honest, and the clamp keeps rounding from leaving 0..1.
  const cos = Math.min(1, Math.max(-1, dot(a, b) / (na * nb)));
  return (cos + 1) / 2;
}

function assertComparable(a: Embedding, b: Embedding): void {
  if (a.model !== b.model)
    throw new Error(`cannot compare embeddings of different models: "${a.model}" vs "${b.model}"`);
  for (const block of EMBEDDING_BLOCKS) {
    if (a[block].length !== b[block].length) {
      throw new Error(
        `cannot compare embeddings of model "${a.model}": ${block} blocks have ${a[block].length} and ${b[block].length} dimensions`,
      );
    }
  }
}

/** One pass for both: a NaN or an infinity anywhere makes the norm non-finite. */
function finiteNorm(values: readonly number[], block: EmbeddingBlock): number {
  const norm = l2Norm(values);
  if (!Number.isFinite(norm))
    throw new Error(`the ${block} block holds a non-finite or out-of-range value`);
  return norm;
}
