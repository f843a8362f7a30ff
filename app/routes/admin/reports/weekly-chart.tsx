import { formatAmount } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { niceScale, SERIES_COLOURS } from './chart-scale.ts';
import { ChartLegend } from './chart-legend.tsx';

export type ChartSeries = { label: string; values: number[] };

const WIDTH = 400;
const HEIGHT = 210;
const LEFT = 42;
const RIGHT = 6;
const TOP = 10;
const BOTTOM = 26;
const TICKS = 4;
/** At most this many week labels under the columns, so they never overlap. */
const MAX_LABELS = 4;

/** '2025-01-06' -> '6 Jan' ('6 janv.', '6 Mutarama'): a week's Monday without its year. */
function dayAndMonth(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return t('format.date', {
    day: date!,
    month: t(`format.month.${month}` as 'format.month.1'),
    year: '',
  }).trim();
}

/**
 * A column per week, its series stacked, drawn on the server as SVG: it scales to the width of
 * its box (viewBox, width 100%) and needs no JavaScript. The title and a note name it for
 * screen readers; the numbers are in the table after it.
 */
export function WeeklyChart({
  id,
  title,
  weeks,
  series,
}: {
  id: string;
  title: string;
  /** Each week's Monday, YYYY-MM-DD. */
  weeks: string[];
  series: ChartSeries[];
}) {
  const totals = weeks.map((_, index) =>
    series.reduce((sum, { values }) => sum + (values[index] ?? 0), 0),
  );
  const { top, step } = niceScale(Math.max(0, ...totals), TICKS);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const band = plotWidth / Math.max(weeks.length, 1);
  const barWidth = Math.max(band * 0.72, 1);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const labelEvery = Math.ceil(weeks.length / MAX_LABELS);
  const isEmpty = totals.every((total) => total === 0);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full overflow-visible text-slate-600"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{t('admin.reports.chartNote')}</desc>
        {Array.from({ length: TICKS + 1 }, (_, index) => {
          const value = index * step;
          return (
            <g key={value}>
              <line
                x1={LEFT}
                x2={WIDTH - RIGHT}
                y1={y(value)}
                y2={y(value)}
                className={index === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
              />
              <text
                x={LEFT - 5}
                y={y(value)}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-[12px]"
              >
                {formatAmount(value)}
              </text>
            </g>
          );
        })}
        {weeks.map((week, index) => {
          const x = LEFT + index * band + (band - barWidth) / 2;
          let base = 0;
          return (
            <g key={week}>
              {series.map(({ label, values }, which) => {
                const value = values[index] ?? 0;
                if (value === 0) return null;
                const rect = (
                  <rect
                    key={label}
                    x={x}
                    width={barWidth}
                    y={y(base + value)}
                    height={y(base) - y(base + value)}
                    className={SERIES_COLOURS[which % SERIES_COLOURS.length]!.fill}
                  />
                );
                base += value;
                return rect;
              })}
              {index % labelEvery === 0 && (
                <text
                  x={LEFT + index * band + band / 2}
                  y={HEIGHT - 8}
                  textAnchor={index === 0 && weeks.length > 1 ? 'start' : 'middle'}
                  className="fill-current text-[12px]"
                >
                  {dayAndMonth(week)}
                </text>
              )}
            </g>
          );
        })}
        {isEmpty && (
          <text
            x={LEFT + plotWidth / 2}
            y={TOP + plotHeight / 2}
            textAnchor="middle"
            className="fill-current text-[13px]"
          >
            {t('admin.reports.noData')}
          </text>
        )}
      </svg>
      {series.length > 1 && <ChartLegend labels={series.map(({ label }) => label)} />}
    </figure>
  );
}
