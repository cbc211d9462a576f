import type { Paged } from '@evalua/contracts';

/** The paged form of a list call: ?q=&page=&pageSize= → {rows, total, page, pageSize}. */
export interface PageParams {
  q: string;
  page: number;
}

/** A list call's answer as a page: the bare list (no paging asked) is one page of everything. */
export function asPage<T>(answer: T[] | Paged<T>): Paged<T> {
  if (!Array.isArray(answer)) return answer;
  return { rows: answer, total: answer.length, page: 1, pageSize: answer.length };
}

/** The query of a paged list call. */
export function pageQuery({ q, page }: PageParams, pageSize: number) {
  return { page, pageSize, ...(q.trim() ? { q: q.trim() } : {}) };
}
