import type { Paged, PageQuery } from '@evalua/contracts';

export const DEFAULT_PAGE_SIZE = 10;

/** A list call answers the bare array when called bare, and {rows,total,page,pageSize} when paged. */
export function wantsPage(query: PageQuery): boolean {
  return query.q !== undefined || query.page !== undefined || query.pageSize !== undefined;
}

export function pageBounds(query: PageQuery, defaultSize = DEFAULT_PAGE_SIZE) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function paged<T>(rows: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { rows, total, page, pageSize };
}

/** Escapes % and _ so a search for "50%" finds "50%", not everything. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a list's repository query takes and answers. */
export interface ListSlice {
  q?: string | undefined;
  limit?: number;
  offset?: number;
}

/**
 * A list call's answer: the whole list when called bare, the page asked for otherwise (SPEC's list
 * rule, written once). `fetch` runs the repository query with the search and bounds.
 */
export async function listOrPage<T>(
  query: PageQuery,
  fetch: (slice: ListSlice) => Promise<{ rows: T[]; total: number }>,
): Promise<T[] | Paged<T>> {
  if (!wantsPage(query)) return (await fetch({ q: query.q })).rows;
  const { page, pageSize, offset } = pageBounds(query);
  const { rows, total } = await fetch({ q: query.q, limit: pageSize, offset });
  return paged(rows, total, page, pageSize);
}
