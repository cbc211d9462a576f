import { Table } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** Names the table's region; unique on the page ("Colaboradores asignados"). */
  label: string;
  /** Below this width (px) the table scrolls sideways inside its region instead of squeezing. */
  minWidth: number;
  children: ReactNode;
}

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useScrollsSideways(ref: React.RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A wide table on a narrow screen: it scrolls sideways inside its own region (the page itself never
 * does). While it scrolls, the region is named ("… (desplazable)") and takes the focus, so that the
 * keyboard can scroll it; when the table fits, the wrapper is a plain box.
 */
export function ScrollTable({ label, minWidth, children }: Props) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(viewportRef);
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportRef,
        viewportProps: scrolls ? { role: 'region', 'aria-label': `${label} (desplazable)`, tabIndex: 0 } : {},
        classNames: { viewport: 'evalua-scroll-region' },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
