import { SERIES_COLOURS } from './chart-scale.ts';

/** Which colour is which series, in the chart's order. */
export function ChartLegend({ labels }: { labels: string[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {labels.map((label, which) => (
        <li key={label} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-block h-3 w-3 rounded-sm ${SERIES_COLOURS[which % SERIES_COLOURS.length]!.swatch}`}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}
