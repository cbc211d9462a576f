/** How a list of rows is shown: a real table, or one card per row. */
export type ListLayout = 'table' | 'cards';

export interface LayoutState {
  layout: ListLayout;
  /** The width (px) the table took the last time it did not fit: cards until the list has that much. */
  needed: number;
}

export interface LayoutMeasure {
  /** The width (px) the list has: its container's, not the window's (the side menu takes some). */
  width: number;
  /** The width (px) of the table as rendered, when the table is what is shown. */
  tableWidth: number | null;
  /** Below this width (px) the list shows cards even when its table would fit. */
  cardsBelow: number;
}

/** A list starts as a table; the first measure (before anything is painted) may turn it into cards. */
export const INITIAL_LAYOUT: LayoutState = { layout: 'table', needed: 0 };

/**
 * The layout after a measure. Cards when the list is narrower than `cardsBelow`, or when the table
 * came out wider than the list (it would be cut off or scroll sideways); back to the table once the
 * list is as wide as the table was. Unchanged layouts return the same state (no re-render), and a
 * list with no width (inside something hidden) keeps its layout.
 */
export function nextLayout(state: LayoutState, m: LayoutMeasure): LayoutState {
  if (m.width <= 0) return state;
  if (m.width < m.cardsBelow) return state.layout === 'cards' ? state : { ...state, layout: 'cards' };
  if (state.layout === 'table') {
    if (m.tableWidth !== null && m.tableWidth > m.width + 1)
      return { layout: 'cards', needed: Math.ceil(m.tableWidth) };
    return state;
  }
  return m.width >= state.needed ? { ...state, layout: 'table' } : state;
}
