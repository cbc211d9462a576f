import { DataList, Paper, Text, Title } from '@mantine/core';
import { Fragment, useId } from 'react';
import { cardFields, cellClass, cellWeight, HIGHLIGHT, type ResponsiveTableProps } from './columns';

/**
 * A ResponsiveTable's rows as cards: a list named like the table, one `article` per row named by
 * its heading (the row's name), the other columns as label: value pairs, the actions under them.
 */
export function ListCards<T>({
  rows,
  rowKey,
  columns,
  label,
  labelledBy,
  caption,
  headingLevel = 3,
  cardTitle,
  rowState,
  detail,
}: ResponsiveTableProps<T>) {
  const baseId = useId();
  const captionId = `${baseId}-caption`;
  const titleColumn = columns.find((c) => c.title);
  const actions = columns.filter((c) => c.actions);
  return (
    <>
      {caption && (
        <Text id={captionId} fw={500} mb="xs">
          {caption}
        </Text>
      )}
      {/* role="list": with list-style none, WebKit would no longer announce it as a list. */}
      <ul
        role="list"
        className="evalua-rt-cards"
        aria-label={label}
        aria-labelledby={caption ? captionId : labelledBy}
      >
        {rows.map((row, index) => {
          const headingId = `${baseId}-${index}`;
          const state = rowState?.(row);
          const opened = detail?.(row) ?? null;
          const fields = cardFields(columns, row);
          return (
            <li key={rowKey(row, index)}>
              <Paper
                component="article"
                withBorder
                p="sm"
                aria-labelledby={headingId}
                aria-current={state?.current ? 'true' : undefined}
                bg={state?.highlighted ? HIGHLIGHT : undefined}
              >
                <Title
                  order={headingLevel}
                  size="h5"
                  id={headingId}
                  fw={Math.max(600, (titleColumn && cellWeight(titleColumn, row)) || 0)}
                  className="evalua-rt-anywhere"
                >
                  {cardTitle ? cardTitle(row, index) : titleColumn?.cell(row, index)}
                </Title>
                {fields.length > 0 && (
                  <DataList size="sm" gap={4} mt={6} className="evalua-rt-fields">
                    {fields.map(({ label: text, column }) => (
                      <DataList.Item key={text}>
                        <DataList.ItemLabel>{text}</DataList.ItemLabel>
                        <DataList.ItemValue fw={cellWeight(column, row)} className={cellClass(column)}>
                          {column.cell(row, index)}
                        </DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList>
                )}
                {actions.length > 0 && (
                  <div className="evalua-rt-actions">
                    {actions.map((column, c) => (
                      <Fragment key={c}>{column.cell(row, index)}</Fragment>
                    ))}
                  </div>
                )}
                {opened && (
                  <div id={opened.id} className="evalua-rt-detail">
                    {opened.content}
                  </div>
                )}
              </Paper>
            </li>
          );
        })}
      </ul>
    </>
  );
}
