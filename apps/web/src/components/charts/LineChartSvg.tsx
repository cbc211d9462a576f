import { useElementSize } from '@mantine/hooks';
import { Box } from '@mantine/core';
import { formatPercent } from '../../i18n/format';
import { AXIS_TEXT, PercentAxes } from './PercentAxes';
import { fitLabel, slotWidth, slotX, yOf, type Frame } from './scale';

export interface LinePoint {
  label: string;
  value: number;
}

/**
 * A percentage line over a few points (oldest first), each labelled with its value: drawn as plain
 * SVG at the width it has. For the eye only (aria-hidden): the caller gives the text alternative.
 */
export function LineChartSvg({
  points,
  height,
  color,
}: {
  points: LinePoint[];
  height: number;
  color: string;
}) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const frame: Frame = { width, height, left: 48, right: 16, top: 24, bottom: 28 };
  const xs = points.map((_, i) => slotX(frame, i, points.length));
  const ys = points.map((p) => yOf(frame, p.value));
  const chars = Math.floor(slotWidth(frame, points.length) / 7);
  return (
    <Box ref={ref} h={height}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" focusable="false">
          <PercentAxes frame={frame} />
          <polyline
            points={xs.map((x, i) => `${x},${ys[i]}`).join(' ')}
            fill="none"
            stroke={color}
            strokeWidth={2}
          />
          {points.map((p, i) => (
            <g key={i}>
              <circle cx={xs[i]} cy={ys[i]} r={4} fill={color} />
              <text x={xs[i]} y={ys[i]! - 10} textAnchor="middle" fontSize={12} fill={AXIS_TEXT}>
                {formatPercent(p.value)}
              </text>
              <text x={xs[i]} y={height - 8} textAnchor="middle" fontSize={12} fill={AXIS_TEXT}>
                <title>{p.label}</title>
                {fitLabel(p.label, chars)}
              </text>
            </g>
          ))}
        </svg>
      )}
    </Box>
  );
}
