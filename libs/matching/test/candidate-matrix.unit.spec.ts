import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { dotEachRow, dotRange } from '../src/domain/dot';

const BLOCKS = [
  { end: 2, weight: 0.5 },
  { end: 4, weight: 0.5 },
];
const v = (...x: number[]) => Float32Array.from(x);

describe('candidate matrix', () => {
  it('keeps each block in its own array and gives back whole vectors', () => {
    const m = new CandidateMatrix(4, BLOCKS, 1);
    m.upsert('a', v(1, 2, 3, 4), 10, null);
    m.upsert('b', v(5, 6, 7, 8), 20, 'noir');
    expect(Array.from(m.blockVectors[0].subarray(0, 4))).toEqual([1, 2, 5, 6]);
    expect(Array.from(m.blockVectors[1].subarray(0, 4))).toEqual([3, 4, 7, 8]);
    expect(Array.from(m.vectorOf('b')!)).toEqual([5, 6, 7, 8]);
    expect(m.vectorOf('c')).toBeUndefined();
  });

  it('refuses blocks that do not end at the dimensions, and vectors of another size', () => {
    expect(() => new CandidateMatrix(5, BLOCKS)).toThrow('blocks must end at the 5 dimensions');
    expect(() => new CandidateMatrix(4, BLOCKS).upsert('a', v(1, 2), 0, null)).toThrow(
      'vector of 2 dimensions',
    );
  });

  it('names a remembered row while the agent is still there, and looks it up once it moved or left', () => {
    const m = new CandidateMatrix(4, BLOCKS, 1);
    const a = m.upsert('a', v(1, 0, 1, 0), 10, null);
    const lookups = jest.spyOn(m.rowOf, 'get');
    expect(m.currentRow('a', a)).toBe(a);
    expect(lookups).not.toHaveBeenCalled();
    m.remove('a');
    expect(m.currentRow('a', a)).toBeUndefined(); // left: its row is free, not its own
    const b = m.upsert('b', v(0, 1, 0, 1), 20, null); // takes a's row
    expect(b).toBe(a);
    expect(m.currentRow('a', a)).toBeUndefined();
    const back = m.upsert('a', v(1, 0, 1, 0), 30, null);
    expect(m.currentRow('a', a)).toBe(back);
    expect(back).not.toBe(a);
  });

  it('gives its own string for an id it holds, never another agent’s, and any other id back', () => {
    const m = new CandidateMatrix(4, BLOCKS, 1);
    m.upsert('a', v(1, 0, 1, 0), 10, null);
    m.upsert('b', v(0, 1, 0, 1), 20, null);
    // Read afresh, as the read store's rows are: an equal string, not the matrix's.
    const fresh = (id: string) => `x${id}`.slice(1);
    expect(m.ownId(fresh('a'))).toBe('a');
    expect(m.ownId(fresh('b'))).toBe('b');
    m.remove('a');
    m.upsert('c', v(1, 1, 0, 0), 30, null); // takes a's row
    expect(m.ownId(fresh('a'))).toBe('a');
    expect(m.ownId(fresh('c'))).toBe('c');
    expect(m.ownId('zz')).toBe('zz');
  });

  it('sends each row with its row here, and a copy says where it put each', () => {
    const m = new CandidateMatrix(4, BLOCKS, 1);
    for (const id of ['a', 'b', 'c']) m.upsert(id, v(1, 0, 1, 0), 10, null);
    const copy = new CandidateMatrix(4, BLOCKS, 1);
    copy.applyRows(m.rowsSince(null));
    const since = m.version;
    m.remove('a');
    m.upsert('x', v(0, 1, 0, 1), 20, null); // takes a's row here
    m.remove('b');
    m.upsert('y', v(0, 1, 1, 0), 30, null); // takes b's row here
    const rows = m.rowsSince(since);
    expect(rows.ids).toEqual(['x', 'y']);
    expect(Array.from(rows.sourceRows, (row) => m.ids[row])).toEqual(['x', 'y']);
    const here = copy.applyRows(rows);
    expect(Array.from(here, (row) => copy.ids[row])).toEqual(['x', 'y']);
    // The copy freed both rows before placing either: the numbering differs from the source's.
    expect(Array.from(here)).not.toEqual(Array.from(rows.sourceRows));
  });

  it('logs every change, and tells a change of participation time alone from any other', () => {
    const m = new CandidateMatrix(4, BLOCKS);
    m.upsert('a', v(1, 0, 1, 0), 10, null);
    const after = m.version;
    m.upsert('a', v(1, 0, 1, 0), 20, null); // participation only
    m.upsert('a', v(0, 1, 1, 0), 30, null); // new vector
    m.upsert('a', v(0, 1, 1, 0), 30, 'noir'); // new scene
    m.remove('a');
    m.remove('a'); // nothing to remove: nothing logged
    expect(m.version).toBe(after + 4);
    expect(m.changesSince(after)).toEqual([
      { id: 'a', participationOnlyFrom: 10 },
      { id: 'a', participationOnlyFrom: NaN },
      { id: 'a', participationOnlyFrom: NaN },
      { id: 'a', participationOnlyFrom: NaN },
    ]);
    expect(m.changesSince(m.version)).toEqual([]);
  });

  it('moves a participation time alone, logged as such; ignores agents it does not hold', () => {
    const m = new CandidateMatrix(4, BLOCKS);
    m.upsert('a', v(1, 0, 1, 0), 10, null);
    const after = m.version;
    m.touch('a', 25);
    m.touch('a', 25); // unchanged: nothing logged
    m.touch('ghost', 30);
    expect(m.participationOf('a')).toBe(25);
    expect(m.participationOf('ghost')).toBe(0);
    expect(m.changesSince(after)).toEqual([{ id: 'a', participationOnlyFrom: 10 }]);
  });

  it('drops the oldest changes past its bound, and then says it cannot reach back', () => {
    const m = new CandidateMatrix(4, BLOCKS);
    for (let i = 0; i < 200_000; i++) m.upsert('a', v(1, 0, 1, 0), i, null);
    expect(m.version).toBe(200_000);
    expect(m.changesSince(0)).toBeNull();
    expect(m.changesSince(100_000)).toHaveLength(100_000);
    expect(m.changesSince(199_999)).toEqual([{ id: 'a', participationOnlyFrom: 199_998 }]);
  });
});

describe('dot products', () => {
  it('the sixteen-wide pass gives exactly the loop’s numbers, and other widths take the loop', () => {
    let seed = 3;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (const width of [16, 7, 32]) {
      const rows = Float32Array.from({ length: width * 50 }, rnd);
      const query = Float32Array.from({ length: width }, rnd);
      const out = new Float64Array(50);
      dotEachRow(query, rows, width, 50, out);
      for (let r = 0; r < 50; r++) {
        expect(out[r]).toBe(dotRange(query, 0, rows, r * width, width));
        let plain = 0;
        for (let i = 0; i < width; i++) plain += query[i] * rows[r * width + i];
        expect(out[r]).toBeCloseTo(plain, 12);
      }
    }
  });
});
