import type { Paged } from '@evalua/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListState } from './ListState';
import { Pager } from './Pager';
import { SearchInput } from './SearchInput';
import type { usePagedSearch } from './usePagedSearch';

interface Props<T> {
  list: UseQueryResult<Paged<T>>;
  paging: ReturnType<typeof usePagedSearch>;
  pageSize: number;
  searchLabel: string;
  searchPlaceholder: string;
  loadingLabel: string;
  errorText: string;
  emptyText: ReactNode;
  /** The pager's navigation name ("Páginas de evaluadores"). */
  pagerLabel: string;
  /** The table of the page's rows (only called when there are some). */
  children: (rows: T[]) => ReactNode;
}

/** A list paged and searched on the server: search box, loading/error/empty states, the rows, the pager. */
export function PagedList<T>({ list, paging, pageSize, children, ...text }: Props<T>) {
  const { search, setSearch, page, setPage } = paging;
  const rows = list.data?.rows ?? [];
  return (
    <>
      <SearchInput
        label={text.searchLabel}
        placeholder={text.searchPlaceholder}
        value={search}
        onChange={setSearch}
      />
      <ListState
        query={list}
        isEmpty={list.data?.rows.length === 0}
        loadingLabel={text.loadingLabel}
        errorText={text.errorText}
        emptyText={text.emptyText}
      />
      {rows.length > 0 && children(rows)}
      {list.data && (
        <Pager
          label={text.pagerLabel}
          page={page}
          pageSize={pageSize}
          total={list.data.total}
          onChange={setPage}
        />
      )}
    </>
  );
}
