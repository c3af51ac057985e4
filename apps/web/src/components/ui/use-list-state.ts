import { limits } from '@ondoku/contract';
import { useCallback, useEffect, useState } from 'react';

/**
 * The state of one list screen, kept per browser session (sessionStorage, keyed per list, spec
 * §2–§3): its page and page size, and the list's own filters (search word, class, sort…). A
 * reload or a return to the screen in the same tab shows the same page; a new tab starts afresh.
 * Changing a filter or the page size goes back to page 1.
 */
export interface ListState<F extends object> {
  page: number;
  pageSize: number;
  filters: F;
}

const storageKey = (key: string) => `ondoku.list.${key}`;

function read<F extends object>(key: string, initial: ListState<F>): ListState<F> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(key)) ?? '{}') as Partial<ListState<F>>;
    return {
      page: typeof saved.page === 'number' && saved.page >= 1 ? saved.page : initial.page,
      pageSize: typeof saved.pageSize === 'number' && saved.pageSize >= 1 ? saved.pageSize : initial.pageSize,
      filters: { ...initial.filters, ...saved.filters },
    };
  } catch {
    return initial;
  }
}

export function useListState<F extends object = Record<string, never>>(
  key: string,
  opts: { pageSize?: number; filters?: F } = {},
) {
  const initial: ListState<F> = {
    page: 1,
    pageSize: opts.pageSize ?? limits.pager.defaultPageSize,
    filters: opts.filters ?? ({} as F),
  };
  const [held, setHeld] = useState(() => ({ key, state: read(key, initial) }));
  // Another list (e.g. another class's students) under the same component: its own saved state.
  const state = held.key === key ? held.state : read(key, initial);
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
    setPageSize: useCallback((pageSize: number) => update(() => ({ pageSize, page: 1 })), [update]),
    /** Change filters; back to page 1 unless the patch says which page. */
    setFilters: useCallback(
      (patch: Partial<F>, page = 1) => update((s) => ({ filters: { ...s.filters, ...patch }, page })),
      [update],
    ),
  };
}
