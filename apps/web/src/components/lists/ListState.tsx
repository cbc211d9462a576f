import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../feedback/ErrorBanner';

interface Props {
  query: { isPending: boolean; isError: boolean };
  /** Loaded, and nothing to show. */
  isEmpty: boolean;
  /** The loader's accessible name ("Cargando categorías"). */
  loadingLabel: string;
  errorText: string;
  emptyText: ReactNode;
}

/** A list's loading, load-error and empty states; the caller renders the rows. */
export function ListState({ query, isEmpty, loadingLabel, errorText, emptyText }: Props) {
  return (
    <>
      {query.isPending && <Loader role="status" aria-label={loadingLabel} />}
      {query.isError && <ErrorBanner>{errorText}</ErrorBanner>}
      {isEmpty && <Text>{emptyText}</Text>}
    </>
  );
}
