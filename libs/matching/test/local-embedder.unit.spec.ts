import { fnv1a, interestFeatures, stem, textTerms, tokenize } from '../src/domain/compatibility';
import { ada, embed, embedder, traits } from './support/embedding-fixtures';

describe('local embedder text handling', () => {
  it('tokenises letters and digits of any script, lower-cased, composed', () => {
    expect(tokenize('Rock-Climbing, 3D printing & Café!')).toEqual([
      'rock',
      'climbing',
      '3d',
      'printing',
      'café',
    ]);
    // A decomposed "é" (e + combining acute) is the same word as the composed one.
    expect(tokenize('Cafe\u0301')).toEqual(['café']);
    expect(tokenize('Привет мир')).toEqual(['привет', 'мир']);
    expect(tokenize('हिन्दी संगीत')).toEqual(['हिन्दी', 'संगीत']);
    expect(tokenize(' … ')).toEqual([]);
  });

  it('stems crudely, never below three characters', () => {
    const cases: Array<[string, string]> = [
      ['hiking', 'hik'],
      ['hikers', 'hik'],
      ['hikes', 'hik'],
      ['hike', 'hik'],
      ['games', 'gam'],
      ['game', 'gam'],
      ['class', 'class'],
      ['classes', 'class'],
      ['sing', 'sing'],
      ['uses', 'use'],
      ['bus', 'bus'],
      ['cats', 'cat'],
      ['art', 'art'],
    ];
    for (const [word, expected] of cases) expect([word, stem(word)]).toEqual([word, expected]);
  });

  it('drops stop words and short words from bio terms', () => {
    expect(textTerms('I am a painter of the sea, and I paint at night.')).toEqual([
      'painter',
      'sea',
      'paint',
      'night',
    ]);
    expect(textTerms('The and of it, to be or not to be.')).toEqual([]);
  });

  it('gives a phrase its words (minus stop words) and the phrase itself; one word is kept even if a stop word', () => {
    expect(interestFeatures('Lord of the Rings')).toEqual({
      key: 'lord of the ring',
      features: ['lord', 'ring', 'lord of the ring'],
    });
    expect(interestFeatures('IT')).toEqual({ key: 'it', features: ['it'] });
    expect(interestFeatures('AI')).toEqual({ key: 'ai', features: ['ai'] });
    expect(interestFeatures('!!!')).toEqual({ key: '', features: [] });
  });

  it('hashes with the published FNV-1a test vectors (UTF-8 bytes)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    // "é" is the two bytes C3 A9.
    const manual = Math.imul(Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) ^ 0xa9, 0x01000193) >>> 0;
    expect(fnv1a('é')).toBe(manual);
  });

  it('places the five required traits in fixed slots and extras after them', () => {
    const e = embed({ ...ada, personalityTraits: { ...traits(0.5), openness: 1 } });
    expect(e.traits[0]).toBe(1);
    expect(e.traits.slice(1).every((x) => x === 0)).toBe(true);
    const extra = embed({ ...ada, personalityTraits: { ...traits(0.5), humor: 1 } });
    expect(extra.traits.slice(0, 5).every((x) => x === 0)).toBe(true);
    expect(
      extra.traits
        .slice(5)
        .filter((x) => x !== 0)
        .map(Math.abs),
    ).toEqual([1]);
  });

  it('is offered through the async port too', async () => {
    await expect(embedder.embed(ada)).resolves.toEqual(embed(ada));
  });
});
