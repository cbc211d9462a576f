import type { ReactNode } from 'react';

/** One column of a ResponsiveTable: a table column, and in a card a label: value pair. */
export interface Column<T> {
  /** The column's title: its header cell, and the value's label in a card (the spec's text). */
  header: string;
  /** The row's content in this column. */
  cell: (row: T, index: number) => ReactNode;
  /** The row's name: in a card, its heading (so not repeated among the values). */
  title?: boolean;
  /** The row's buttons and links: in a card, under the values, without a label. */
  actions?: boolean;
  /** The header is only for screen readers (an actions column without a visible title). */
  headerHidden?: boolean;
  /** In the table, the cell is the row's header (th scope="row"). */
  rowHeader?: boolean;
  align?: 'right';
  /** Font weight of the cell and of the card's value (or of the heading, for the title). */
  fw?: number | ((row: T) => number | undefined);
  /**
   * The cell stays on one line (a figure with its unit). By default so are an actions column's
   * buttons (a Group wraps only when this is false: many buttons).
   */
  nowrap?: boolean;
  /** How many columns, from this one, this row's cell takes (the ones it covers are left out). */
  span?: (row: T) => number;
}

/** A row picked out: highlighted (the one selected) and/or the current one (aria-current). */
export interface RowState {
  highlighted?: boolean;
  current?: boolean;
}

/** Something opened under a row (its id, for the button's aria-controls). */
export interface RowDetail {
  id: string;
  content: ReactNode;
}

/** The background of the row that is picked out. */
export const HIGHLIGHT = 'var(--mantine-color-blue-0)';

export function cellWeight<T>(column: Column<T>, row: T): number | undefined {
  return typeof column.fw === 'function' ? column.fw(row) : column.fw;
}

export function cellClass<T>(column: Column<T>): string | undefined {
  return (column.nowrap ?? column.actions) ? 'evalua-rt-nowrap' : undefined;
}

/** A card's label: value pair: the columns it stands for (several when a cell spans them). */
export interface CardField<T> {
  label: string;
  column: Column<T>;
}

/**
 * The label: value pairs of a row's card, in the table's order: every column but the title and
 * the actions; a cell that spans several columns is one pair, labelled with all their headers.
 */
export function cardFields<T>(columns: ReadonlyArray<Column<T>>, row: T): Array<CardField<T>> {
  const fields: Array<CardField<T>> = [];
  for (let c = 0; c < columns.length; c += 1) {
    const column = columns[c]!;
    const span = Math.max(1, Math.min(column.span?.(row) ?? 1, columns.length - c));
    const covered = columns.slice(c, c + span);
    c += span - 1;
    if (column.title || column.actions) continue;
    fields.push({ label: covered.map((x) => x.header).join(' / '), column });
  }
  return fields;
}

export interface ResponsiveTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  columns: ReadonlyArray<Column<T>>;
  /** The table's accessible name (aria-label), and the list of cards'. */
  label?: string;
  /** The id of the element that names the table (a heading), and the list of cards. */
  labelledBy?: string;
  /** A visible caption above the rows, which names the table and the list of cards. */
  caption?: string;
  /** The level of each card's heading: one below the heading the list sits under (3 by default). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** A card's heading when no column is marked `title` ("Entrada 2"). */
  cardTitle?: (row: T, index: number) => ReactNode;
  /** Below this width (px) of the list, cards even when the table would fit (CARDS_BELOW by default). */
  cardsBelow?: number;
  /** A row picked out: highlighted and/or marked as the current one (aria-current). */
  rowState?: (row: T) => RowState;
  /** Something opened under a row, across every column (e.g. an entry's changes). */
  detail?: (row: T) => RowDetail | null;
}
