import { limits } from '@ondoku/contract';
import { useCallback, useEffect, useState } from 'react';

/**
 * The state of one list screen, kept per browser session (sessionStorage, keyed per list, as the
 * product keeps list filters): its page and page size, and the list's own filters (search word,
 * class, sort…). A reload or a return to the screen in the same tab shows the same page; a new tab
 * starts afresh. Changing a filter or the page size goes back to page 1.
 */
export interface ListState<F extends object> {
  page: number;
  pageSize: number;
  filters: F;
}

const storageKey = (key: string) => `ondoku.list.${key}`;
const sizeStorageKey = (sizeKey: string) => `ondoku.page-size.${sizeKey}`;

/** The page size chosen for lists sharing `sizeKey` in this browser session, if any. */
function readSize(sizeKey: string | undefined): number | null {
  if (!sizeKey) return null;
  const n = Number(sessionStorage.getItem(sizeStorageKey(sizeKey)));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** A list's state as its screen will find it (a route's preload reads it before the screen mounts). */
export function readListState<F extends object>(key: string, initial: ListState<F>, sizeKey?: string): ListState<F> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(key)) ?? '{}') as Partial<ListState<F>>;
    return {
      page: typeof saved.page === 'number' && saved.page >= 1 ? saved.page : initial.page,
      pageSize:
        readSize(sizeKey) ??
        (typeof saved.pageSize === 'number' && saved.pageSize >= 1 ? saved.pageSize : initial.pageSize),
      filters: { ...initial.filters, ...saved.filters },
    };
  } catch {
    return initial;
  }
}

export function useListState<F extends object = Record<string, never>>(
  key: string,
  /** sizeKey: lists of one kind (every class's students) share the page size chosen in the session. */
  opts: { pageSize?: number; filters?: F; sizeKey?: string } = {},
) {
  const initial: ListState<F> = {
    page: 1,
    pageSize: opts.pageSize ?? limits.pager.defaultPageSize,
    filters: opts.filters ?? ({} as F),
  };
  const { sizeKey } = opts;
  const [held, setHeld] = useState(() => ({ key, state: readListState(key, initial, sizeKey) }));
  // Another list (e.g. another class's students) under the same component: its own saved state.
  const state = held.key === key ? held.state : readListState(key, initial, sizeKey);
  if (held.key !== key) setHeld({ key, state });

  useEffect(() => sessionStorage.setItem(storageKey(held.key), JSON.stringify(held.state)), [held]);

  const update = useCallback(
    (patch: (s: ListState<F>) => Partial<ListState<F>>) =>
      setHeld((h) => ({ key: h.key, state: { ...h.state, ...patch(h.state) } })),
    [],
  );
  return {
    ...state,
    setPage: useCallback((page: number) => update(() => ({ page })), [update]),
    setPageSize: useCallback(
      (pageSize: number) => {
        if (sizeKey) sessionStorage.setItem(sizeStorageKey(sizeKey), String(pageSize));
        update(() => ({ pageSize, page: 1 }));
      },
      [update, sizeKey],
    ),
    /** Change filters; back to page 1 unless the patch says which page. */
    setFilters: useCallback(
      (patch: Partial<F>, page = 1) => update((s) => ({ filters: { ...s.filters, ...patch }, page })),
      [update],
    ),
  };
}
