/**
 * A scale for a chart's value axis: `ticks` steps of 1, 2 or 5 times a power of ten, so the
 * axis reads in round numbers and its top is at least `max` (a chart of zeros still has one).
 */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  const rough = Math.max(max, 1) / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= rough)!;
  const whole = Math.max(step, 1);
  return { top: whole * ticks, step: whole };
}

/**
 * Colours of a chart's series, as Tailwind classes written out in full (the build finds classes
 * by their text): the SVG fill and the legend's swatch of each.
 */
export const SERIES_COLOURS = [
  { fill: 'fill-brand-700', swatch: 'bg-brand-700' },
  { fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  { fill: 'fill-sky-700', swatch: 'bg-sky-700' },
  { fill: 'fill-rose-600', swatch: 'bg-rose-600' },
] as const;
