import { formatAmount } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';

const WIDTH = 400;
const ROW = 24;
const LABEL_WIDTH = 96;
/** Room after the longest bar for its value ('125,000,000'). */
const VALUE_ROOM = 86;

/**
 * One horizontal bar per item (a district), its value written after it, drawn on the server as
 * SVG that scales to its box. Items without a value are left out; the table after it holds
 * every number.
 */
export function BarChart({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: { label: string; value: number | null }[];
}) {
  const bars = items.filter(
    (item): item is { label: string; value: number } => item.value !== null,
  );
  // The longest bar fills the room: values are read from their labels, not from an axis.
  const scaleTop = Math.max(1, ...bars.map((bar) => bar.value));
  const barRoom = WIDTH - LABEL_WIDTH - VALUE_ROOM;
  const height = Math.max(bars.length, 1) * ROW + 4;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full text-slate-700"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{t('admin.reports.barNote')}</desc>
      {bars.length === 0 && (
        <text x={WIDTH / 2} y={ROW - 6} textAnchor="middle" className="fill-current text-[13px]">
          {t('admin.reports.noData')}
        </text>
      )}
      {bars.map((bar, index) => {
        const y = index * ROW + 2;
        const width = Math.max((bar.value / scaleTop) * barRoom, 1);
        return (
          <g key={bar.label}>
            <text
              x={LABEL_WIDTH - 6}
              y={y + ROW / 2}
              dy="0.32em"
              textAnchor="end"
              className="fill-current text-[13px]"
            >
              {bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 4}
              width={width}
              height={ROW - 8}
              rx={2}
              className="fill-brand-700"
            />
            <text
              x={LABEL_WIDTH + width + 5}
              y={y + ROW / 2}
              dy="0.32em"
              className="fill-current text-[12px]"
            >
              {formatAmount(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
