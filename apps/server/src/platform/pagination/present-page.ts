import type { Page } from './keyset';

/** What every paged list answers: the page's items in their API shape, and the next cursor. */
export interface PresentedPage<Shape> {
  results: Shape[];
  next: string | null;
}

export function presentPage<Row, Shape>(
  page: Page<Row>,
  present: (row: Row) => Shape,
): PresentedPage<Shape> {
  // One argument only: `map` would hand a presenter with an optional second parameter the index.
  return { results: page.rows.map((row) => present(row)), next: page.next };
}
