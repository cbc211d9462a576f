/** Paging and search of the staff lists (?q=&page=&pageSize= → {rows,total,page,pageSize}). */
export const STAFF_PAGE_SIZE = 10;

export interface PageParams {
  q: string;
  page: number;
}

export function pagedPath(base: string, { q, page }: PageParams, pageSize = STAFF_PAGE_SIZE): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q.trim()) query.set('q', q.trim());
  return `${base}?${query.toString()}`;
}

/** Evaluators and collaborators are users and assignment candidates: their lists change too. */
export const staffChangedKeys = [['users'], ['assignments']] as const;
