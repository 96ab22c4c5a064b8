import type { Embedder } from './embedder';
import { Embedding, EmbeddingInput, l2Normalise } from './embedding';
import { addHashed } from './feature-hashing';
import { STOP_WORDS } from './stop-words';
import { stem, textTerms, tokenize } from './text-terms';

/**
 * The default embedder (architecture §8): deterministic, no network, no model download, and every
 * dimension traceable to a trait, an interest or a bio term. Unknown names are placed by signed
 * feature hashing, so the vectors have a fixed size whatever the vocabulary.
 *
 * Everything here and in the files it uses — the slot order, the hash (feature-hashing.ts), the
 * stemmer (text-terms.ts), the stop words (stop-words.ts), the dimensions — shapes
 * the vectors of stored profiles: change any of it and the model name must change too.
 */
export const LOCAL_MODEL = 'local-hash-v1';

export const LOCAL_DIMENSIONS = { traits: 16, interests: 32, text: 64 } as const;

/** The spec's five required traits, in fixed slots so they never collide with each other or with extras. */
const TRAIT_SLOTS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'neuroticism',
] as const;

export class LocalEmbedder implements Embedder {
  readonly model = LOCAL_MODEL;

  async embed(input: EmbeddingInput): Promise<Embedding> {
    return this.embedSync(input);
  }

  /** Nothing here waits, so it is also offered synchronously; the HTTP embedder reuses two of its blocks. */
  embedSync(input: EmbeddingInput): Embedding {
    return {
      model: this.model,
      traits: traitsBlock(input.personalityTraits),
      interests: interestsBlock(input.interests),
      text: textBlock(input.bio, input.backstory),
    };
  }
}

/**
 * Traits centred on 0.5, so that a middling trait says nothing and 0 against 1 is a true opposite;
 * a profile of all-0.5 traits is the all-zero block ("nothing to say").
 */
export function traitsBlock(traits: Record<string, number>): number[] {
  const size = LOCAL_DIMENSIONS.traits;
  const extraSlots = size - TRAIT_SLOTS.length;
  const v = zeros(size);
  TRAIT_SLOTS.forEach((name, slot) => {
    const value = traits[name];
    if (Number.isFinite(value)) v[slot] = value - 0.5;
  });
  const required = new Set<string>(TRAIT_SLOTS);
  // Sorted, so that the key order of the stored object cannot change the floating-point sums.
  for (const name of Object.keys(traits).sort()) {
    const value = traits[name];
    if (required.has(name) || !Number.isFinite(value)) continue;
    addHashed(v, TRAIT_SLOTS.length, extraSlots, name.toLowerCase(), value - 0.5);
  }
  return l2Normalise(v);
}

/**
 * Interests are a set: order and duplicates ("Hiking", "hikes") do not matter. Each interest adds
 * unit weight spread over its features, so one long interest cannot outweigh several short ones.
 */
export function interestsBlock(interests: readonly string[]): number[] {
  const v = zeros(LOCAL_DIMENSIONS.interests);
  const byKey = new Map<string, string[]>();
  for (const interest of interests) {
    const { key, features } = interestFeatures(interest);
    if (features.length > 0) byKey.set(key, features);
  }
  for (const key of [...byKey.keys()].sort()) {
    const features = byKey.get(key)!;
    const weight = 1 / Math.sqrt(features.length);
    for (const feature of features) addHashed(v, 0, v.length, feature, weight);
  }
  return l2Normalise(v);
}

/**
 * The features of one interest: its stemmed words, and for a phrase also the whole phrase, so that
 * "rock climbing" shares "rock" with "rock music" but matches "rock climbing" more closely.
 * Stop words are dropped from the words of a phrase, not from a one-word interest ("IT" is a hobby).
 * No length floor either: "AI" and "3D" are interests.
 */
export function interestFeatures(interest: string): { key: string; features: string[] } {
  const words = tokenize(interest);
  const stems = words.map(stem);
  const key = stems.join(' ');
  if (stems.length <= 1) return { key, features: stems };
  const meaningful = stems.filter((_, i) => !STOP_WORDS.has(words[i]));
  return { key, features: [...new Set(meaningful), key] };
}

/** Bio and backstory terms, weighted 1 + ln(tf) so a repeated word counts, but not linearly. */
export function textBlock(bio: string, backstory?: string): number[] {
  const v = zeros(LOCAL_DIMENSIONS.text);
  const tf = new Map<string, number>();
  for (const term of [...textTerms(bio), ...textTerms(backstory ?? '')])
    tf.set(term, (tf.get(term) ?? 0) + 1);
  for (const term of [...tf.keys()].sort())
    addHashed(v, 0, v.length, term, 1 + Math.log(tf.get(term)!));
  return l2Normalise(v);
}

/** Packed, unlike `new Array(n)`: V8 reads holey arrays through a slower path. */
function zeros(size: number): number[] {
  return Array.from({ length: size }, () => 0);
}
