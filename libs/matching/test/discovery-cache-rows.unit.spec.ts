import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { deepQuery, discoverRanked, freshRanking } from '../src/domain/discovery-cache';
import { RankingQuery } from '../src/domain/discovery-order';
import { rankTop } from '../src/domain/discovery-ranking';

/**
 * A kept ranking remembers each kept candidate's row, so a returning caller's page reads no lookup
 * in the matrix's id map (0.7 µs each at 100 000 agents); the remembered row is used only while the
 * matrix still holds that agent there. The property test (discovery-cache.property.unit.spec.ts)
 * checks every answer against a fresh scan; this one checks the rows themselves.
 */
const BLOCKS = [{ end: 2, weight: 1 }];
const now = Date.parse('2026-11-24T00:00:00Z');
const unit = (x: number, y: number) => {
  const n = Math.hypot(x, y);
  return new Float32Array([x / n, y / n]);
};

function query(m: CandidateMatrix): RankingQuery {
  return {
    callerId: 'me',
    callerVector: m.vectorOf('me')!,
    swiped: new Set(),
    likedBy: new Set(),
    nowMs: now,
    limit: 2,
  };
}

/** The caller and two candidates, both kept after a first request. */
function keptOfTwo() {
  const m = new CandidateMatrix(2, BLOCKS, 2);
  m.upsert('me', unit(1, 0), now, null);
  m.upsert('a', unit(1, 0.1), now, null);
  m.upsert('b', unit(0.2, 1), now, null);
  return { m, kept: discoverRanked(m, undefined, query(m), 3).kept };
}

describe('a kept ranking’s rows', () => {
  it('are the rows of the candidates it keeps, after the first page', () => {
    const m = new CandidateMatrix(2, BLOCKS, 2);
    m.upsert('me', unit(1, 0), now, null);
    for (const [id, x] of [
      ['a', 1],
      ['b', 0.5],
      ['c', 0],
    ] as const)
      m.upsert(id, unit(x, 1 - x + 0.01), now, null);
    const { kept } = discoverRanked(m, undefined, query(m), 3);
    const again = discoverRanked(m, kept, query(m), 3);
    expect(again.kept).toBe(kept);
    expect([...kept.rows]).toEqual([...kept.scores.keys()].map((id) => [id, m.rowOf.get(id)]));
  });

  it('of a fresh ranking are the answer’s, so its first page looks no id up in the matrix', () => {
    const m = new CandidateMatrix(2, BLOCKS, 2);
    m.upsert('me', unit(1, 0), now, null);
    m.upsert('a', unit(1, 0.1), now, null);
    m.upsert('b', unit(0.2, 1), now, null);
    const q = query(m);
    const top = rankTop(m, deepQuery(q, 3));
    const lookups = jest.spyOn(m.rowOf, 'get');
    const { ranked, kept } = freshRanking(m, q, top, m.version, 3);
    expect(lookups).not.toHaveBeenCalled();
    expect(ranked.map((r) => [r.id, r.row])).toEqual([
      ['a', m.ids.indexOf('a')],
      ['b', m.ids.indexOf('b')],
    ]);
    expect([...kept.rows]).toEqual(ranked.map((r) => [r.id, r.row]));
  });

  it('are not trusted once the agent left and another took its row', () => {
    const { m, kept } = keptOfTwo();
    const rowOfA = m.rowOf.get('a')!;
    expect(kept.rows.get('a')).toBe(rowOfA);
    m.remove('a');
    m.upsert('z', unit(1, 0.05), now, null); // reuses a's row
    expect(m.rowOf.get('z')).toBe(rowOfA);
    const { ranked } = discoverRanked(m, kept, query(m), 3);
    expect(ranked.map((r) => r.id)).toEqual(['z', 'b']);
    expect(kept.rows.has('a')).toBe(false);
  });

  it('follow an agent that left and came back in another row', () => {
    const { m, kept } = keptOfTwo();
    const before = m.rowOf.get('a')!;
    m.remove('a');
    m.upsert('y', unit(0, 1), now, null); // takes a's old row
    m.upsert('a', unit(1, 0.1), now, null); // a returns elsewhere
    expect(m.rowOf.get('a')).not.toBe(before);
    const { ranked } = discoverRanked(m, kept, query(m), 3);
    expect(ranked[0]).toMatchObject({ id: 'a' });
    expect(kept.rows.get('a')).toBe(m.rowOf.get('a'));
  });
});
