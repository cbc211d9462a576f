import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  /** Names the scrolling region (it is focusable, so that the keyboard can scroll it). */
  label: string;
  minWidth: number;
  children: ReactNode;
}

/** A wide table's horizontal scroll area, reachable and scrollable with the keyboard. */
export function ScrollTable({ label, minWidth, children }: Props) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label} (desplazable)` },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
