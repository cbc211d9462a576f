import { describe, expect, it } from 'vitest';
import { cardFields, type Column } from './columns';
import { INITIAL_LAYOUT, nextLayout, type LayoutState } from './list-layout';

describe('nextLayout', () => {
  const measure = (width: number, tableWidth: number | null, cardsBelow = 400) => ({
    width,
    tableWidth,
    cardsBelow,
  });

  it('keeps a table that fits, as the same state (no re-render)', () => {
    expect(nextLayout(INITIAL_LAYOUT, measure(968, 968))).toBe(INITIAL_LAYOUT);
  });

  it('turns a table wider than its list into cards, remembering the width it took', () => {
    expect(nextLayout(INITIAL_LAYOUT, measure(712, 845.4))).toEqual({ layout: 'cards', needed: 846 });
  });

  it('tolerates the sub-pixel rounding of a table exactly as wide as its list', () => {
    expect(nextLayout(INITIAL_LAYOUT, measure(712, 712.6))).toBe(INITIAL_LAYOUT);
  });

  it('shows cards below cardsBelow even when the table would fit', () => {
    expect(nextLayout(INITIAL_LAYOUT, measure(343, 300))).toEqual({ layout: 'cards', needed: 0 });
  });

  it('goes back to the table once the list is as wide as the table was, not before', () => {
    const cards: LayoutState = { layout: 'cards', needed: 846 };
    expect(nextLayout(cards, measure(845, null))).toBe(cards);
    expect(nextLayout(cards, measure(846, null))).toEqual({ layout: 'table', needed: 846 });
  });

  it('goes back to the table from cards chosen for a narrow list once it is wide enough', () => {
    const phone = nextLayout(INITIAL_LAYOUT, measure(343, null));
    expect(nextLayout(phone, measure(500, null))).toEqual({ layout: 'table', needed: 0 });
  });

  it('keeps its layout while the list has no width (inside something hidden)', () => {
    const cards: LayoutState = { layout: 'cards', needed: 846 };
    expect(nextLayout(cards, measure(0, null))).toBe(cards);
    expect(nextLayout(INITIAL_LAYOUT, measure(0, 500))).toBe(INITIAL_LAYOUT);
  });
});

describe('cardFields', () => {
  interface Row {
    name: string;
    hidden: boolean;
  }
  const col = (header: string, extra: Partial<Column<Row>> = {}): Column<Row> => ({
    header,
    cell: (r) => r.name,
    ...extra,
  });
  const columns = [
    col('Grupo', { title: true }),
    col('Evaluadores'),
    col('Competencias', { span: (r) => (r.hidden ? 3 : 1) }),
    col('Objetivos'),
    col('General'),
    col('Acciones', { actions: true }),
  ];

  it('gives every column but the title and the actions, in order', () => {
    const labels = cardFields(columns, { name: 'Pares', hidden: false }).map((f) => f.label);
    expect(labels).toEqual(['Evaluadores', 'Competencias', 'Objetivos', 'General']);
  });

  it('makes a cell spanning columns one pair, labelled with all their headers', () => {
    const fields = cardFields(columns, { name: 'Pares', hidden: true });
    expect(fields.map((f) => f.label)).toEqual(['Evaluadores', 'Competencias / Objetivos / General']);
    expect(fields[1]!.column.header).toBe('Competencias');
  });
});
