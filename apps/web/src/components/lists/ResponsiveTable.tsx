import { Table, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { ListCards } from './ListCards';
import { cellClass, cellWeight, HIGHLIGHT, type Column, type ResponsiveTableProps } from './columns';
import { useListLayout } from './useListLayout';

export type { Column, ResponsiveTableProps, RowDetail, RowState } from './columns';

/** Below this width (px) a list is cards by default: every phone held upright. */
export const CARDS_BELOW = 400;

function TableCells<T>({
  columns,
  row,
  index,
}: {
  columns: ReadonlyArray<Column<T>>;
  row: T;
  index: number;
}) {
  const cells: ReactNode[] = [];
  for (let c = 0; c < columns.length; c += 1) {
    const column = columns[c]!;
    const span = Math.max(1, Math.min(column.span?.(row) ?? 1, columns.length - c));
    const props = {
      ta: column.align,
      fw: cellWeight(column, row),
      colSpan: span > 1 ? span : undefined,
      className: cellClass(column),
    };
    const content = column.cell(row, index);
    cells.push(
      column.rowHeader ? (
        <Table.Th key={c} scope="row" {...props}>
          {content}
        </Table.Th>
      ) : (
        <Table.Td key={c} {...props}>
          {content}
        </Table.Td>
      ),
    );
    c += span - 1;
  }
  return <>{cells}</>;
}

/**
 * A list that is a real table where it fits and one card per row where it does not, decided by
 * the width the list has (its container's: the side menu and side-by-side panels take some), not
 * the window's. A table wider than its list turns into cards before it is painted, so no action is
 * ever cut off or off-screen, and nothing scrolls sideways. Only one of the two is rendered: each
 * button is in the accessibility tree once, with the name it has in either layout.
 *
 * - Table: column headers, the cells; a `rowHeader` column is each row's header (th scope="row").
 * - Cards: a list (named like the table) of `article`s, each named by its heading — the `title`
 *   column's cell (or `cardTitle`) —, the other columns as label: value pairs (a `dl`), and the
 *   `actions` column's buttons under them, wrapping.
 *
 * Use: give the rows, a key, and the columns in the table's order, with the texts the spec fixes.
 *
 * ```tsx
 * <ResponsiveTable
 *   label="Evaluaciones"
 *   rows={list.data}
 *   rowKey={(e) => e.id}
 *   columns={[
 *     { header: 'Nombre', title: true, cell: (e) => e.name },
 *     { header: 'Periodo', cell: (e) => e.period },
 *     { header: 'Correo electrónico', cell: (e) => <EmailText email={e.email} /> },
 *     { header: 'Competencias', align: 'right', nowrap: true, cell: (e) => weight(e.weight_competencies) },
 *     {
 *       header: 'Acciones',
 *       actions: true,
 *       cell: (e) => <RowActions name={e.name} editTo={`/edit-evaluation/${e.id}`} onDelete={() => ask(e)} />,
 *     },
 *   ]}
 * />
 * ```
 *
 * Keep buttons named after their row ("Editar Ana"): the cards show them out of the table's context.
 * Show e-mail addresses with EmailText (they wrap at the '@'); an actions column keeps its buttons on
 * one line in the table (`nowrap: false` lets many wrap); give `cardsBelow` a larger width for a
 * table with many columns that would only fit squeezed.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const { rows, rowKey, columns, label, labelledBy, caption, rowState, detail } = props;
  const { layout, containerRef, tableRef } = useListLayout(props.cardsBelow ?? CARDS_BELOW);
  return (
    <div ref={containerRef} className="evalua-rt">
      {layout === 'cards' ? (
        <ListCards {...props} />
      ) : (
        <Table
          ref={tableRef}
          striped
          highlightOnHover
          captionSide="top"
          aria-label={label}
          aria-labelledby={labelledBy}
        >
          {caption && <Table.Caption className="evalua-rt-caption">{caption}</Table.Caption>}
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, c) => (
                <Table.Th key={c} scope="col" ta={column.align}>
                  {column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const state = rowState?.(row);
              const opened = detail?.(row) ?? null;
              return (
                <Fragment key={rowKey(row, index)}>
                  <Table.Tr
                    bg={state?.highlighted ? HIGHLIGHT : undefined}
                    aria-current={state?.current ? 'true' : undefined}
                  >
                    <TableCells columns={columns} row={row} index={index} />
                  </Table.Tr>
                  {opened && (
                    <Table.Tr id={opened.id}>
                      <Table.Td colSpan={columns.length}>{opened.content}</Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
