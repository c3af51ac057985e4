import { limits } from '@ondoku/contract';
import { leftOutlined, rightOutlined } from './icon-paths';
import { PlainIcon } from './plain-icon';
import { PlainButton } from './plain';

/** The page numbers to show: a window of `count` pages around the current one. */
export function pagerWindow(page: number, totalPages: number, count: number = limits.pager.buttonCount): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(count, totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface PagerProps {
  page: number;
  total: number;
  pageSize?: number;
  buttonCount?: number;
  /** Text about the whole list beside the buttons, e.g. 全25人. */
  totalText?(total: number): string;
  onChange(page: number): void;
}

/** Previous, page buttons, next (5 page buttons by default); hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  pageSize = limits.pager.defaultPageSize,
  buttonCount,
  totalText,
  onChange,
}: PagerProps) {
  const totalPages = Math.ceil(total / pageSize);
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="ページ送り" style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }}>
      {/* Plain buttons in antd's look: every list screen has a pager, the homework list after sign-in among them. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        {totalText && <span>{totalText(total)}</span>}
        <PlainButton icon={<PlainIcon paths={leftOutlined} />} disabled={page <= 1} onClick={() => onChange(page - 1)}>
          前へ
        </PlainButton>
        {pagerWindow(page, totalPages, buttonCount).map((p) => (
          <PlainButton
            key={p}
            variant={p === page ? 'primary' : 'default'}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </PlainButton>
        ))}
        <PlainButton disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          次へ <PlainIcon paths={rightOutlined} />
        </PlainButton>
      </div>
    </nav>
  );
}
