/**
 * Chart geometry for inline SVG: numbers only, computed here and written into the SVG by the
 * pages (the public site's templates, the owner's page), so a chart needs no script and no style
 * attribute (the pages' CSP allows neither). Pure and free of any template engine, so that the
 * code computing a chart's model does not load the engine that draws it.
 */

export interface Bar {
  label: string;
  /** 0..1 */
  value: number;
  /** The bar's width in SVG units, and where its label and value sit. */
  width: number;
  y: number;
  textY: number;
  valueText: string;
}

export const BAR_CHART = { width: 320, labelWidth: 130, barMax: 150, row: 26 } as const;

/** Horizontal bars for values in 0..1 (personality traits, compatibility components). */
export function barChart(label: string, values: ReadonlyArray<[string, number]>) {
  const bars: Bar[] = values.map(([label, raw], i) => {
    const value = Math.min(1, Math.max(0, Number.isFinite(raw) ? raw : 0));
    return {
      label,
      value,
      width: Math.max(1, Math.round(value * BAR_CHART.barMax)),
      y: i * BAR_CHART.row + 4,
      textY: i * BAR_CHART.row + 17,
      valueText: value.toFixed(2),
    };
  });
  return {
    label,
    width: BAR_CHART.width,
    height: values.length * BAR_CHART.row + 4,
    labelWidth: BAR_CHART.labelWidth,
    valueX: BAR_CHART.labelWidth + BAR_CHART.barMax + 6,
    bars,
  };
}

export interface Point {
  /** 0..1 */
  rating: number;
  at: string;
}

export const LINE_CHART = { width: 320, height: 140, padLeft: 30, padRight: 10, padY: 12 } as const;

/**
 * One polyline per series over a shared time axis, ratings 0..1 bottom to top. A single point is
 * drawn in the middle; points at the same instant are spread by their order.
 */
export function lineChart(series: ReadonlyArray<{ label: string; points: readonly Point[] }>) {
  const { width, height, padLeft, padRight, padY } = LINE_CHART;
  const times = series.flatMap((s) => s.points.map((p) => Date.parse(p.at)));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const x = (t: number) =>
    span > 0 ? padLeft + ((t - first) / span) * (width - padLeft - padRight) : width / 2;
  const y = (r: number) => padY + (1 - Math.min(1, Math.max(0, r))) * (height - 2 * padY);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width,
    height,
    axis: {
      x1: padLeft,
      x2: width - padRight,
      top: y(1),
      middle: y(0.5),
      bottom: y(0),
      labelX: padLeft - 4,
    },
    series: series.map((s, i) => ({
      label: s.label,
      index: i,
      points: s.points.map((p) => `${round(x(Date.parse(p.at)))},${round(y(p.rating))}`).join(' '),
      dots: s.points.map((p) => ({
        cx: round(x(Date.parse(p.at))),
        cy: round(y(p.rating)),
        title: `${p.rating.toFixed(2)} at ${p.at}`,
      })),
    })),
  };
}
