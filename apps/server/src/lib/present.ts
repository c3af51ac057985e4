/**
 * The reply shapes many calls share, for the modules' presenters (docs/architecture.md, "The
 * handler shape": replies are built only in presenters).
 */

/** A page of a list: its rows, the total over every page, and the page asked for. */
export const presentPage = <R>(rows: R[], total: number, q: { page: number; limit: number }) => ({
  rows,
  total,
  page: q.page,
  limit: q.limit,
});

/** A whole list (`{ rows }`). */
export const presentRows = <R>(rows: R[]) => ({ rows });

/** How many rows a bulk action touched (`{ count }`). */
export const presentCount = (count: number) => ({ count });
