/** Paging of list reads: the `page`/`size` a request asks for, turned into SQL's limit and offset. */

export interface PageRequest {
  page: number;
  size: number;
}

/** Offset of a page for SQL. */
export function offsetOf({ page, size }: PageRequest): number {
  return (page - 1) * size;
}

/** Limit and offset of a page, as the repos take them. */
export function limitOffset(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.size, offset: offsetOf(page) };
}
