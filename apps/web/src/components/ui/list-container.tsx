import { limits } from '@ondoku/contract';
import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Pager } from './pager';

export interface ListContainerProps {
  loading?: boolean;
  total: number;
  page: number;
  pageSize?: number;
  onPageChange(page: number): void;
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
  page,
  pageSize = limits.pager.defaultPageSize,
  onPageChange,
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
      <Pager page={page} total={total} pageSize={pageSize} totalText={totalText} onChange={onPageChange} />
    </div>
  );
}
