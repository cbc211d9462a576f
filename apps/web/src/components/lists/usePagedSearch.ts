import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** The search box text, the debounced query sent to the server, and the page (back to 1 on a new search). */
export function usePagedSearch(delay = 300) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), delay);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  return { search, setSearch, q, page, setPage };
}
