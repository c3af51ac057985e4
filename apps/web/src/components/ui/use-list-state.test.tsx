import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListState } from './use-list-state';

describe('useListState', () => {
  it('starts on page 1 with the given page size', () => {
    const { result } = renderHook(() => useListState('homework', { pageSize: 20 }));
    expect(result.current).toMatchObject({ page: 1, pageSize: 20, filters: {} });
  });

  it('keeps page, page size and filters per list in sessionStorage', () => {
    const first = renderHook(() => useListState('students', { pageSize: 20, filters: { kw: '' } }));
    act(() => first.result.current.setFilters({ kw: '山田' }));
    act(() => first.result.current.setPage(3));
    first.unmount();

    const again = renderHook(() => useListState('students', { pageSize: 20, filters: { kw: '' } }));
    expect(again.result.current).toMatchObject({ page: 3, pageSize: 20, filters: { kw: '山田' } });
    const other = renderHook(() => useListState('homework'));
    expect(other.result.current.page).toBe(1);
    expect(JSON.parse(sessionStorage.getItem('ondoku.list.students')!)).toMatchObject({ page: 3 });
  });

  it('goes back to page 1 when a filter or the page size changes', () => {
    const { result } = renderHook(() => useListState('l', { filters: { kw: '' } }));
    act(() => result.current.setPage(4));
    act(() => result.current.setFilters({ kw: 'a' }));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('switches to the saved state of another key', () => {
    const { result, rerender } = renderHook(({ k }) => useListState(k), { initialProps: { k: 'class-students:1' } });
    act(() => result.current.setPage(2));
    rerender({ k: 'class-students:2' });
    expect(result.current.page).toBe(1);
    rerender({ k: 'class-students:1' });
    expect(result.current.page).toBe(2);
  });
});
