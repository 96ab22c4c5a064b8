import { STOP_WORDS } from './stop-words';

/**
 * The local embedder's words (local-embedder.ts): tokenizing, stemming and the terms of free text.
 * Like everything the embedder does, any change here changes stored vectors (and the model name).
 */
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

function codePointLength(word: string): number {
  return [...word].length;
}
