/** Plain geometry for the small SVG charts: no chart library on the screens that show one or two. */

export interface Frame {
  width: number;
  height: number;
  /** Room for the y-axis labels (left) and the x-axis labels (bottom). */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

/** The y coordinate of a percentage (0-100) in the frame's plot area; values outside are clamped. */
export function yOf(frame: Frame, value: number): number {
  const v = Math.min(100, Math.max(0, value));
  const plot = frame.height - frame.top - frame.bottom;
  return frame.top + plot - (v / 100) * plot;
}

/** The x centre of slot `index` of `count` equal slots across the plot area. */
export function slotX(frame: Frame, index: number, count: number): number {
  const plot = frame.width - frame.left - frame.right;
  const slot = plot / Math.max(1, count);
  return frame.left + slot * index + slot / 2;
}

/** The width of one of `count` equal slots. */
export function slotWidth(frame: Frame, count: number): number {
  return (frame.width - frame.left - frame.right) / Math.max(1, count);
}

/** The y-axis ticks of a percentage chart. */
export const PERCENT_TICKS = [0, 25, 50, 75, 100] as const;

/** A label shortened to fit `max` characters ("Colaborador dir…"); the full text stays in the title. */
export function fitLabel(label: string, max: number): string {
  if (max < 2 || label.length <= max) return label;
  return `${label.slice(0, max - 1).trimEnd()}…`;
}
