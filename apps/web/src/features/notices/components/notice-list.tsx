import {
  CheckCircleOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  DeleteOutlined,
  IdcardOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { noticeLimits, type NoticeKind, type NoticeRow } from '@ondoku/contract';
import { Button, Checkbox, Modal, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { panel } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { NativeSelect } from '../../../components/ui/native-select';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDeleteNotices, useNoticePage, useReadNotices } from '../api';

const icons: Record<NoticeKind, React.ReactNode> = {
  submitted: <CheckCircleOutlined style={{ color: '#1f7a5c' }} />,
  all_submitted: <TeamOutlined style={{ color: '#1f7a5c' }} />,
  overdue: <ClockCircleOutlined style={{ color: '#d46b08' }} />,
  application: <IdcardOutlined style={{ color: '#1d39c4' }} />,
};

/**
 * /home/message-detail-page: the teacher's homework notices, newest first (10 per page), by kind.
 * The ones on screen are marked read once shown, or all at once; each links to the homework's
 * results (an account application's notice, to the applications). What a notice says is built by
 * the server when shown (its counts are today's).
 */
export function NoticeList() {
  const list = useListState('notices', {
    pageSize: noticeLimits.pageSize,
    filters: { unread: 0 as 0 | 1, kind: null as NoticeKind | null },
  });
  const query = useNoticePage({
    page: list.page,
    limit: list.pageSize,
    unread: list.filters.unread || undefined,
    kind: list.filters.kind ?? undefined,
  });
  const read = useReadNotices();
  const remove = useDeleteNotices();
  const [selected, setSelected] = useState<number[]>([]);
  const [modal, holder] = Modal.useModal();
  const rows = query.data?.rows ?? [];
  const unreadShown = rows.filter((r) => !r.read).map((r) => r.notice_id);
  const unreadKey = unreadShown.join(',');

  // What the teacher has seen is read (the bell's count follows).
  useEffect(() => {
    if (unreadKey) read.mutate({ ids: unreadKey.split(',').map(Number) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of unread notices shown
  }, [unreadKey]);

  const confirmDelete = () =>
    modal.confirm({
      title: `${selected.length}件のお知らせを削除しますか？`,
      okText: '削除',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await remove.mutateAsync({ ids: selected });
        setSelected([]);
        notify.success(`${r.count}件を削除しました。`);
      },
    });

  const row = (n: NoticeRow) => (
    <div
      key={n.notice_id}
      data-testid="notice"
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        padding: '12px 16px',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Checkbox
        aria-label={`${n.message}を選択`}
        checked={selected.includes(n.notice_id)}
        onChange={(e) =>
          setSelected((s) => (e.target.checked ? [...s, n.notice_id] : s.filter((id) => id !== n.notice_id)))
        }
      />
      <span style={{ fontSize: 18 }}>{icons[n.kind]}</span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: n.read ? 400 : 600 }}>
          {!n.read && <span style={{ color: '#cf1322', marginRight: 6 }}>●</span>}
          {n.message}
        </div>
        <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>{formatDateTime(n.created_at)}</div>
      </div>
      {n.homework_id === null ? (
        <Link to={paths.accountApplication.path}>
          <Button size="small">申請を見る</Button>
        </Link>
      ) : (
        <Link to={paths.homeworkDetails.getHref(n.homework_id)}>
          <Button size="small">結果を見る</Button>
        </Link>
      )}
    </div>
  );

  return (
    <div style={{ maxWidth: 880 }}>
      {holder}
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
        <NativeSelect<NoticeKind>
          label="種類"
          width={170}
          all="すべての種類"
          value={list.filters.kind ?? undefined}
          onChange={(v) => list.setFilters({ kind: v ?? null })}
          options={[
            { value: 'submitted', label: '提出' },
            { value: 'all_submitted', label: '全員提出' },
            { value: 'overdue', label: '締め切り' },
          ]}
        />
        <span style={{ flex: 1 }} />
        <Button
          icon={<CheckOutlined />}
          disabled={!query.data?.new_msg_num}
          loading={read.isPending && !read.variables?.ids}
          onClick={() => read.mutate({}, { onSuccess: (r) => notify.success(`${r.count}件を既読にしました。`) })}
        >
          すべて既読にする
        </Button>
        <Button icon={<DeleteOutlined />} danger disabled={!selected.length} onClick={confirmDelete}>
          選択したお知らせを削除{selected.length ? `（${selected.length}件）` : ''}
        </Button>
      </div>
      <ListContainer
        query={query}
        total={query.data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={
          list.filters.unread
            ? '未読のお知らせはありません。'
            : 'お知らせはまだありません。生徒が宿題を提出したときや、締め切りが過ぎたときにお知らせします。'
        }
      >
        <div style={{ ...panel, padding: 0 }}>{rows.map(row)}</div>
      </ListContainer>
    </div>
  );
}
