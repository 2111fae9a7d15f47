/** Paging of list reads: the `page`/`size` a request asks for, turned into SQL's limit and offset. */

export interface PageRequest {
  page: number;
  size: number;
}

/** A page of a list paged by keyset too: `after` is the decoded cursor, the sort key of the row before the page. */
export interface KeysetPageRequest<K> extends PageRequest {
  after?: K | undefined;
}

/** Offset of a page for SQL. */
export function offsetOf({ page, size }: PageRequest): number {
  return (page - 1) * size;
}

/** Limit and offset of a page, as the repos take them. */
export function limitOffset(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.size, offset: offsetOf(page) };
}

/**
 * Limit and offset of a page read with one row more than its size, to know whether a next page
 * exists; with a keyset cursor the page starts after the cursor's row, at no offset.
 */
export function limitOffsetAndOne(
  page: PageRequest,
  { keyset = false } = {},
): { limit: number; offset: number } {
  return { limit: page.size + 1, offset: keyset ? 0 : offsetOf(page) };
}

/** A page read with limitOffsetAndOne: its rows, and whether one more followed. */
export function withoutExtra<T>(rows: T[], size: number): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** How many rows a list matches, counted up to COUNT_CAP + 1 (db/capped-count.ts). */
export interface CappedTotal {
  /** The rows counted, at most COUNT_CAP. */
  total: number;
  /** More than COUNT_CAP rows match. */
  totalCapped: boolean;
}

/** What a list read answers, as http/envelope.ts `list` takes it beside the page asked for. */
export interface ListRead<T> extends CappedTotal {
  items: T[];
  /** A row follows the page. */
  more: boolean;
  /** The cursor of the page's last row, when a row follows and the list pages by keyset. */
  next?: string | undefined;
}
