import { projectionHarness } from '../../read-store/src/testing/projection-harness';
import {
  CHEMISTRY_HISTORY,
  CHEMISTRY_HISTORY_MAX,
  chemistryHistoryProjection,
} from '../src/projections/chemistry-history.projection';

const rated = (raterId: string, rating: number) => ({
  matchId: 'm1',
  raterId,
  rating,
  reason: null,
  messageCount: 2,
});

describe('chemistry history projection', () => {
  it('keeps every rating of a match in the order given, with when and by whom', async () => {
    const store = projectionHarness(chemistryHistoryProjection);
    await store.apply('ChemistryRated', rated('a', 0.4), '2026-11-18T10:00:00.000Z');
    await store.apply('ChemistryRated', rated('b', 0.6), '2026-11-18T11:00:00.000Z');
    await store.apply('ChemistryRated', rated('a', 0.9), '2026-11-18T12:00:00.000Z');
    expect((await store.doc(CHEMISTRY_HISTORY, 'm1'))?.points).toEqual([
      { raterId: 'a', rating: 0.4, at: '2026-11-18T10:00:00.000Z' },
      { raterId: 'b', rating: 0.6, at: '2026-11-18T11:00:00.000Z' },
      { raterId: 'a', rating: 0.9, at: '2026-11-18T12:00:00.000Z' },
    ]);
  });

  it(`keeps the latest ${CHEMISTRY_HISTORY_MAX} ratings of a match`, async () => {
    const store = projectionHarness(chemistryHistoryProjection);
    for (let i = 0; i < CHEMISTRY_HISTORY_MAX + 5; i++)
      await store.apply('ChemistryRated', rated('a', (i % 10) / 10));
    const points = (await store.doc(CHEMISTRY_HISTORY, 'm1'))?.points as { rating: number }[];
    expect(points).toHaveLength(CHEMISTRY_HISTORY_MAX);
    expect(points[0].rating).toBe(0.5);
  });
});
