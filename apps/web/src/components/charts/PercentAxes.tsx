import { formatPercent } from '../../i18n/format';
import { PERCENT_TICKS, yOf, type Frame } from './scale';

const TEXT = 'var(--mantine-color-gray-7)';

/** The percentage grid (0-100 in steps of 25) with its labels, and the x-axis line. */
export function PercentAxes({ frame }: { frame: Frame }) {
  return (
    <g fontSize={12} fill={TEXT}>
      {PERCENT_TICKS.map((tick) => {
        const y = yOf(frame, tick);
        return (
          <g key={tick}>
            <line
              x1={frame.left}
              x2={frame.width - frame.right}
              y1={y}
              y2={y}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray={tick === 0 ? undefined : '4 4'}
            />
            <text x={frame.left - 8} y={y} textAnchor="end" dominantBaseline="middle">
              {formatPercent(tick, 0)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export const AXIS_TEXT = TEXT;
