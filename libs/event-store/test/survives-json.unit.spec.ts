import { survivesJson } from '../src/sqlite/appended-events';

/**
 * The events of this process's appends are handed to its subscriptions only when the file would
 * give them back exactly as they are: JSON of the writer thread's structured clone
 * (appended-events.ts). Anything else is read from the file.
 */
describe('survivesJson: a value the file gives back as it stands', () => {
  it('holds for plain objects and arrays of strings, finite numbers, booleans and null', () => {
    expect(survivesJson({ a: 'x', n: 1.5, b: true, z: null, list: [1, 'two', { deep: [] }] })).toBe(
      true,
    );
  });

  const holeAndMember = Object.assign(new Array<number>(3), { 0: 1, 2: 3, x: 4 });
  it.each([
    ['an undefined member', { a: 1, gone: undefined }],
    ['a Date', { at: new Date('2026-11-27T12:00:00Z') }],
    ["a Buffer (its toJSON is lost in the writer's structured clone)", { b: Buffer.from([1]) }],
    ['-0', { n: -0 }],
    ['NaN', { n: Number.NaN }],
    ['a hole in an array', { list: Object.assign(new Array<number>(3), { 0: 1, 2: 3 }) }],
    ['a hole and a named member of as many keys', { list: holeAndMember }],
    ['a named member of an array', { list: Object.assign([1], { extra: 2 }) }],
    [
      'a class instance',
      {
        at: new (class Point {
          x = 1;
        })(),
      },
    ],
    ['a symbol key', { [Symbol('s')]: 1, a: 2 }],
    ['a function', { f: () => 1 }],
    ['a toJSON member', { toJSON: () => 'other' }],
    ['a hidden member', Object.defineProperty({ a: 1 }, 'hidden', { value: 2 })],
    ['an accessor', Object.defineProperty({}, 'now', { get: () => 1, enumerable: true })],
    ['an object without a prototype', { bare: Object.assign(Object.create(null), { k: 1 }) }],
    ['a nested undefined', { outer: { inner: [{ gone: undefined }] } }],
  ])('fails with %s', (_name, value) => {
    expect(survivesJson(value)).toBe(false);
  });
});
