import { messages } from '@ondoku/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainButton } from './plain';
import { fileSearchOutlined, reloadOutlined } from './icon-paths';
import { exclamationCircleFilled, PlainIcon } from './plain-icon';

/**
 * The two states a read can end in besides data (docs/classes.md, "Edges"), drawn once for every
 * screen: a load that failed after the request layer's retries (再読み込み), and a record that is
 * not there or not the teacher's (「データが見つかりませんでした。」 with a way back). Plain markup in
 * antd's Result look (antd's Result carries SVG illustrations), with plain buttons: the list
 * container shows these on every list screen, the homework list after sign-in among them.
 */
function StateBox({
  icon,
  title,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" data-testid={testId} style={{ padding: '48px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 56, lineHeight: 1 }}>{icon}</div>
      <div style={{ margin: '20px 0', fontSize: 18, lineHeight: 1.5, color: 'rgba(0,0,0,0.88)' }}>{title}</div>
      {children}
    </div>
  );
}

export const LOAD_FAILED = '読み込みに失敗しました。';

export function LoadError({ onRetry, retrying }: { onRetry(): void; retrying?: boolean }) {
  return (
    <StateBox
      icon={<PlainIcon paths={exclamationCircleFilled} style={{ color: '#faad14' }} />}
      title={LOAD_FAILED}
      testId="load-error"
    >
      <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 16 }}>
        通信状態を確認してから、もう一度読み込んでください。
      </div>
      <PlainButton variant="primary" icon={<PlainIcon paths={reloadOutlined} />} loading={retrying} onClick={onRetry}>
        再読み込み
      </PlainButton>
    </StateBox>
  );
}

export function NotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <StateBox
      icon={<PlainIcon paths={fileSearchOutlined} style={{ color: '#bfbfbf' }} />}
      title={messages.notFound}
      testId="not-found"
    >
      <Link to={backTo} className="pl-btn pl-btn-primary">
        {backLabel}
      </Link>
    </StateBox>
  );
}

/** What a query's result asks the screen to show, given its ApiError status (404: not found). */
export interface ReadState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  isRefetching?: boolean;
  refetch(): unknown;
}

export const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 404;

/**
 * The not-found or load-error state of a read, or null when its data can be shown (or is loading).
 * `notFound` names the way back for a record that is not there.
 */
export function readFailure(query: ReadState, notFound?: { backTo: string; backLabel: string }) {
  if (!query.isError) return null;
  if (notFound && isNotFound(query.error)) return <NotFound {...notFound} />;
  return <LoadError retrying={query.isRefetching} onRetry={() => void query.refetch()} />;
}
