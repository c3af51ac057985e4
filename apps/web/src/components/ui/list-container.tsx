import type { ReactNode } from 'react';
import { readFailure, type ReadState } from './load-state';
import { NativeSelect } from './native-select';
import { Pager } from './pager';
import { PlainEmpty, PlainSpin } from './plain';
import type { ListState } from './use-list-state';

export interface ListContainerProps {
  /**
   * The list's query (TanStack Query result): while it loads, a spinner; when it failed after the
   * request layer's retries, the error state with 再読み込み instead of the rows — a failed load never
   * looks like an empty list (docs/classes.md, "Edges").
   */
  query: ReadState;
  total: number;
  /** The list's page state (useListState); without it, no pager (a list that fits on one screen). */
  list?: Pick<ListState<object>, 'page' | 'pageSize'> & {
    setPage(page: number): void;
    setPageSize?(size: number): void;
  };
  /** Page sizes the teacher may choose (e.g. 20/50/100), kept per browser session by useListState. */
  pageSizeOptions?: readonly number[];
  /** Show the empty state when the total is 0 (spec: "empty-display"). */
  showEmpty?: boolean;
  emptyText?: string;
  /** Text about the whole list beside the pager, e.g. 全25人. */
  totalText?(total: number): string;
  /** Above the rows once loaded (e.g. "select all N" of a selection). */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The spec's list container: the rows, an empty state, the error state, and the pager. Every list
 * screen uses it with its query and useListState; a table that shows its own empty text and
 * loading passes showEmpty={false} and leaves loading to the table.
 */
export function ListContainer({
  query,
  total,
  list,
  pageSizeOptions,
  showEmpty = true,
  emptyText = 'データがありません。',
  totalText,
  header,
  children,
}: ListContainerProps) {
  const failure = readFailure(query);
  if (failure) return failure;
  // Plain spinner and empty state in antd's look: no antd on the homework list after sign-in.
  if (showEmpty && query.isLoading) return <PlainSpin />;
  if (showEmpty && total === 0) return <PlainEmpty description={emptyText} />;
  const sizeChoice = list?.setPageSize && pageSizeOptions && total > Math.min(...pageSizeOptions) && (
    // A native select in antd's look: antd's Select (rc-select, the virtual list) would add about
    // 24 KB gzip to every list screen, the homework list after sign-in among them.
    <NativeSelect
      label="表示件数"
      value={list.pageSize}
      width={110}
      onChange={(size) => size !== undefined && list.setPageSize?.(size)}
      options={pageSizeOptions.map((n) => ({ value: n, label: `${n}件ずつ` }))}
    />
  );
  return (
    <div>
      {header}
      {children}
      {list && (
        <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <Pager
            page={list.page}
            total={total}
            pageSize={list.pageSize}
            totalText={totalText}
            onChange={list.setPage}
          />
          {sizeChoice && <div style={{ marginTop: 16 }}>{sizeChoice}</div>}
        </div>
      )}
    </div>
  );
}
