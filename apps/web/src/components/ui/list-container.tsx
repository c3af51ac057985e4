import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Pager } from './pager';
import type { ListState } from './use-list-state';

export interface ListContainerProps {
  loading?: boolean;
  total: number;
  /** The list's page state (useListState). */
  list: Pick<ListState<object>, 'page' | 'pageSize'> & { setPage(page: number): void };
  /** Show the empty state when the total is 0 (spec: "empty-display"). */
  showEmpty?: boolean;
  emptyText?: string;
  /** Text about the whole list beside the pager, e.g. 全25人. */
  totalText?(total: number): string;
  children: ReactNode;
}

/**
 * The spec's list container: the rows, an empty state, and the pager. Every list screen uses it
 * with useListState; a table that shows its own empty text and loading passes showEmpty={false}
 * and leaves loading to the table.
 */
export function ListContainer({
  loading,
  total,
  list,
  showEmpty = true,
  emptyText = 'データがありません。',
  totalText,
  children,
}: ListContainerProps) {
  if (loading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (showEmpty && total === 0) return <Empty description={emptyText} style={{ margin: '48px 0' }} />;
  return (
    <div>
      {children}
      <Pager page={list.page} total={total} pageSize={list.pageSize} totalText={totalText} onChange={list.setPage} />
    </div>
  );
}
