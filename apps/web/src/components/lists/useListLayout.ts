import { useLayoutEffect, useRef, useState } from 'react';
import { INITIAL_LAYOUT, nextLayout, type ListLayout } from './list-layout';

/**
 * Table or cards for a list, from the width of its container (`containerRef`) and of the table
 * (`tableRef`, while it is shown). Measured before the browser paints, and again whenever either
 * resizes, so that a table that does not fit is never seen cut off.
 */
export function useListLayout(cardsBelow: number): {
  layout: ListLayout;
  containerRef: React.RefObject<HTMLDivElement | null>;
  tableRef: React.RefObject<HTMLTableElement | null>;
} {
  const containerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [state, setState] = useState(INITIAL_LAYOUT);
  const { layout } = state;

  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const measure = () => {
      const table = tableRef.current;
      setState((prev) =>
        nextLayout(prev, {
          width: container.clientWidth,
          tableWidth: table ? table.getBoundingClientRect().width : null,
          cardsBelow,
        }),
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [cardsBelow, layout]);

  return { layout, containerRef, tableRef };
}
