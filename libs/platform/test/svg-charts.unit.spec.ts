import { barChart, lineChart } from '../src/presentation/svg-charts';

describe('SVG chart geometry', () => {
  it('draws bars for values clamped to 0..1', () => {
    const chart = barChart('traits', [
      ['openness', 0.5],
      ['too much', 7],
      ['negative', -1],
    ]);
    expect(chart.bars.map((b) => [b.label, b.width, b.valueText])).toEqual([
      ['openness', 75, '0.50'],
      ['too much', 150, '1.00'],
      ['negative', 1, '0.00'],
    ]);
    expect(chart.height).toBe(3 * 26 + 4);
  });

  it('puts ratings over time on one axis: earliest left, latest right, 1 at the top', () => {
    const chart = lineChart([
      {
        label: 'a',
        points: [
          { rating: 0, at: '2026-11-18T10:00:00.000Z' },
          { rating: 1, at: '2026-11-18T12:00:00.000Z' },
        ],
      },
      { label: 'b', points: [{ rating: 0.5, at: '2026-11-18T11:00:00.000Z' }] },
    ]);
    const [a, b] = chart.series;
    expect(a.dots.map((d) => [d.cx, d.cy])).toEqual([
      [chart.axis.x1, chart.axis.bottom],
      [chart.axis.x2, chart.axis.top],
    ]);
    expect(b.dots[0]).toMatchObject({
      cx: (chart.axis.x1 + chart.axis.x2) / 2,
      cy: chart.axis.middle,
    });
    expect(a.points).toBe(
      `${chart.axis.x1},${chart.axis.bottom} ${chart.axis.x2},${chart.axis.top}`,
    );
    const single = lineChart([
      { label: 'a', points: [{ rating: 1, at: '2026-11-18T10:00:00.000Z' }] },
    ]);
    expect(single.series[0].dots[0].cx).toBe(single.width / 2);
  });
});
