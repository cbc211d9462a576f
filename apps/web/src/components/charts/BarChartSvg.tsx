import { useElementSize } from '@mantine/hooks';
import { Box, Group, Text } from '@mantine/core';
import { AXIS_TEXT, PercentAxes } from './PercentAxes';
import { fitLabel, slotWidth, slotX, yOf, type Frame } from './scale';

export interface BarSeries {
  label: string;
  color: string;
}

export interface BarGroup {
  label: string;
  /** One value (0-100) per series, or null when the group has no figure for it. */
  values: Array<number | null>;
}

/**
 * Grouped percentage bars with a legend, drawn as plain SVG at the width it has. For the eye only
 * (aria-hidden): the caller gives the text alternative.
 */
export function BarChartSvg({
  groups,
  series,
  height,
}: {
  groups: BarGroup[];
  series: BarSeries[];
  height: number;
}) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const frame: Frame = { width, height, left: 48, right: 8, top: 8, bottom: 28 };
  const slot = slotWidth(frame, groups.length);
  const bar = Math.min(56, (slot * 0.8) / Math.max(1, series.length));
  const chars = Math.floor(slot / 7);
  return (
    <Box>
      <Group gap="md" mb="xs" aria-hidden="true">
        {series.map((s) => (
          <Group key={s.label} gap={6}>
            <Box w={12} h={12} bg={s.color} style={{ borderRadius: 2 }} />
            <Text size="sm">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <Box ref={ref} h={height}>
        {width > 0 && (
          <svg width={width} height={height} aria-hidden="true" focusable="false">
            <PercentAxes frame={frame} />
            {groups.map((g, i) => {
              const centre = slotX(frame, i, groups.length);
              const start = centre - (bar * series.length) / 2;
              return (
                <g key={i}>
                  {g.values.map((v, k) =>
                    v === null ? null : (
                      <rect
                        key={k}
                        x={start + k * bar + 1}
                        width={Math.max(1, bar - 2)}
                        y={yOf(frame, v)}
                        height={yOf(frame, 0) - yOf(frame, v)}
                        fill={series[k]!.color}
                      />
                    ),
                  )}
                  <text x={centre} y={height - 8} textAnchor="middle" fontSize={12} fill={AXIS_TEXT}>
                    <title>{g.label}</title>
                    {fitLabel(g.label, chars)}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </Box>
    </Box>
  );
}
