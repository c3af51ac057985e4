import { CheckOutlined, NotificationOutlined } from '@ant-design/icons';
import { noticeLimits, type SystemNoticeRow } from '@ondoku/contract';
import { Button, Modal, Segmented, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { panel } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/queries';
import { useReadSystemNotices, useSystemNoticeContent, useSystemNoticePage } from '../api';

/** One notice's content in a dialog; opening it marks it read, so the list and the bell follow. */
function SystemNoticeDialog({ noticeId, onClose }: { noticeId: number | null; onClose(): void }) {
  const content = useSystemNoticeContent(noticeId);
  const queryClient = useQueryClient();
  const loadedId = content.data?.notice_id;
  useEffect(() => {
    if (loadedId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.notices.total() });
    void queryClient.invalidateQueries({ queryKey: ['notices', 'system'] });
  }, [loadedId, queryClient]);
  const n = content.data;
  return (
    <Modal
      open={noticeId !== null}
      title={n?.title ?? 'お知らせ'}
      onCancel={onClose}
      footer={<Button onClick={onClose}>閉じる</Button>}
      width={640}
    >
      {!n ? (
        <Spin />
      ) : (
        <div data-testid="system-notice-content">
          <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13, marginBottom: 12 }}>
            {formatDateTime(n.publish_time)}
            {n.publish_until ? ` 〜 ${formatDateTime(n.publish_until)}` : ''}
          </div>
          <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>{n.content}</div>
        </div>
      )}
    </Modal>
  );
}

/**
 * System notices from the operator (docs/notices.md), 10 a page, newest first, unread ones marked;
 * a notice opens in a dialog (and is then read), or all are marked read at once.
 */
export function SystemNoticeList() {
  const list = useListState('system-notices', { pageSize: noticeLimits.pageSize, filters: { unread: 0 as 0 | 1 } });
  const query = useSystemNoticePage({
    page: list.page,
    limit: list.pageSize,
    unread: list.filters.unread || undefined,
  });
  const readAll = useReadSystemNotices();
  const [open, setOpen] = useState<number | null>(null);
  const rows = query.data?.rows ?? [];

  const row = (n: SystemNoticeRow) => (
    <button
      type="button"
      key={n.notice_id}
      data-testid="system-notice"
      onClick={() => setOpen(n.notice_id)}
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        width: '100%',
        padding: '12px 16px',
        border: 0,
        borderBottom: '1px solid #f0f0f0',
        background: 'none',
        textAlign: 'left',
        cursor: 'pointer',
        font: 'inherit',
      }}
    >
      <NotificationOutlined style={{ fontSize: 18, color: '#1f7a5c' }} />
      <span style={{ flex: 1, minWidth: 0, fontWeight: n.read ? 400 : 600 }}>
        {!n.read && <span style={{ color: '#cf1322', marginRight: 6 }}>●</span>}
        {n.title}
      </span>
      <span style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>{formatDateTime(n.publish_time)}</span>
    </button>
  );

  return (
    <div style={{ maxWidth: 880 }}>
      <SystemNoticeDialog noticeId={open} onClose={() => setOpen(null)} />
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
        <Segmented<0 | 1>
          aria-label="表示"
          value={list.filters.unread}
          onChange={(v) => list.setFilters({ unread: v })}
          options={[
            { value: 0, label: 'すべて' },
            { value: 1, label: `未読${query.data?.new_msg_num ? `（${query.data.new_msg_num}）` : ''}` },
          ]}
        />
        <span style={{ flex: 1 }} />
        <Button
          icon={<CheckOutlined />}
          disabled={!query.data?.new_msg_num}
          loading={readAll.isPending}
          onClick={() => readAll.mutate({}, { onSuccess: (r) => notify.success(`${r.count}件を既読にしました。`) })}
        >
          すべて既読にする
        </Button>
      </div>
      <ListContainer
        query={query}
        total={query.data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={list.filters.unread ? '未読のお知らせはありません。' : '運営からのお知らせはありません。'}
      >
        <div style={{ ...panel, padding: 0 }}>{rows.map(row)}</div>
      </ListContainer>
    </div>
  );
}
