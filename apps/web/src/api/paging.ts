/** The paged form of a list call: ?q=&page=&pageSize= → {rows, total, page, pageSize}. */
export interface PageParams {
  q: string;
  page: number;
}

export function pagedPath(base: string, { q, page }: PageParams, pageSize: number): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q.trim()) query.set('q', q.trim());
  return `${base}?${query.toString()}`;
}
