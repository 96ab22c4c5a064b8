import type { Embedder } from './embedder';
import { Embedding, EmbeddingInput, l2Normalise } from './embedding';

/**
 * The default embedder (architecture §8): deterministic, no network, no model download, and every
 * dimension traceable to a trait, an interest or a bio term. Unknown names are placed by signed
 * feature hashing, so the vectors have a fixed size whatever the vocabulary.
 *
 * Everything below — the slot order, the hash, the stemmer, the stop words, the dimensions — shapes
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

/** The terms of free text: no stop words, nothing shorter than three characters, stemmed. */
export function textTerms(text: string): string[] {
  return tokenize(text)
    .filter((word) => !STOP_WORDS.has(word) && codePointLength(word) >= 3)
    .map(stem);
}

/**
 * Lower-cased words of letters and digits in any script. NFKC first, so a composed "é" and an "e"
 * plus combining accent are one word; marks are kept inside a word because many scripts (Devanagari,
 * Thai) write vowels as combining marks and would otherwise be cut into pieces.
 */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * A deliberately crude English stemmer: the first of these suffixes whose removal leaves at least
 * three characters is removed, so "hiking", "hikes", "hikers" and "hike" all become "hik". Only
 * whether two words meet matters, never whether the stem is a word. A double "s" is kept, so
 * "class" does not become "clas" while "classes" becomes "class".
 */
export function stem(word: string): string {
  for (const suffix of STEM_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    if (suffix === 's' && word.endsWith('ss')) return word;
    const root = word.slice(0, -suffix.length);
    if (codePointLength(root) >= 3) return root;
  }
  return word;
}

const STEM_SUFFIXES = ['ing', 'ers', 'es', 's', 'e'] as const;

/**
 * English function words: they appear in every bio and would make every two bios look alike.
 * Includes the fragments apostrophes leave behind ("don't" is tokenised as "don" and "t").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'above',
  'after',
  'again',
  'against',
  'all',
  'also',
  'am',
  'an',
  'and',
  'any',
  'are',
  'aren',
  'as',
  'at',
  'be',
  'because',
  'been',
  'before',
  'being',
  'below',
  'between',
  'both',
  'but',
  'by',
  'can',
  'could',
  'couldn',
  'did',
  'didn',
  'do',
  'does',
  'doesn',
  'doing',
  'don',
  'down',
  'during',
  'each',
  'even',
  'ever',
  'every',
  'few',
  'for',
  'from',
  'further',
  'get',
  'got',
  'had',
  'has',
  'have',
  'having',
  'he',
  'her',
  'here',
  'hers',
  'herself',
  'him',
  'himself',
  'his',
  'how',
  'i',
  'if',
  'in',
  'into',
  'is',
  'isn',
  'it',
  'its',
  'itself',
  'just',
  'me',
  'more',
  'most',
  'much',
  'my',
  'myself',
  'no',
  'nor',
  'not',
  'now',
  'of',
  'off',
  'on',
  'once',
  'one',
  'only',
  'or',
  'other',
  'our',
  'ours',
  'ourselves',
  'out',
  'over',
  'own',
  'same',
  'she',
  'should',
  'so',
  'some',
  'such',
  'than',
  'that',
  'the',
  'their',
  'theirs',
  'them',
  'themselves',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'through',
  'to',
  'too',
  'under',
  'until',
  'up',
  'very',
  'was',
  'wasn',
  'we',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'who',
  'whom',
  'why',
  'will',
  'with',
  'won',
  'would',
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
]);

/**
 * Signed feature hashing: a feature lands in one of `size` slots after `offset`, with a sign taken
 * from another bit of the same hash, so that colliding features cancel out on average instead of
 * always adding up.
 */
function addHashed(
  v: number[],
  offset: number,
  size: number,
  feature: string,
  value: number,
): void {
  const h = mix32(fnv1a(feature));
  v[offset + (h % size)] += h >>> 31 === 1 ? -value : value;
}

/** 32-bit FNV-1a of the UTF-8 bytes: small, stable across platforms, and with published test vectors. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  const byte = (b: number) => {
    h = Math.imul(h ^ b, 0x01000193);
  };
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x80) byte(cp);
    else if (cp < 0x800) {
      byte(0xc0 | (cp >> 6));
      byte(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      byte(0xe0 | (cp >> 12));
      byte(0x80 | ((cp >> 6) & 0x3f));
      byte(0x80 | (cp & 0x3f));
    } else {
      byte(0xf0 | (cp >> 18));
      byte(0x80 | ((cp >> 12) & 0x3f));
      byte(0x80 | ((cp >> 6) & 0x3f));
      byte(0x80 | (cp & 0x3f));
    }
  }
  return h >>> 0;
}

/**
 * MurmurHash3's finaliser: FNV-1a's low bits are weak for short keys, and both the slot (low bits)
 * and the sign (top bit) need to look independent.
 */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Packed, unlike `new Array(n)`: V8 reads holey arrays through a slower path. */
function zeros(size: number): number[] {
  return Array.from({ length: size }, () => 0);
}

function codePointLength(word: string): number {
  return [...word].length;
}
