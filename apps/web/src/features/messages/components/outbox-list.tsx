import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { messageLimits, type OutboxRow } from '@ondoku/contract';
import { Alert, Button, Checkbox, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { panel } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useNewNoticeTotal } from '../../../lib/queries';
import { useDeleteMessages, useOutbox } from '../api';

const muted = { color: 'rgba(0,0,0,0.55)', fontSize: 13 } as const;

/** 「5年1組、5年2組 ほか児童2人」: who a message went to. */
export function recipientsText(m: Pick<OutboxRow, 'classes' | 'chosen_student_count'>) {
  const classes = m.classes.map((c) => c.name).join('、');
  if (!m.chosen_student_count) return classes || '—';
  return classes ? `${classes} ほか児童${m.chosen_student_count}人` : `児童${m.chosen_student_count}人`;
}

/**
 * /message: the teacher's outbox, 12 a page, newest first: who each message went to, how many
 * children have read it (a scheduled one says when it goes out); delete one or many after a
 * confirmation. Writing is offered when the server's allow_send_message says so.
 */
export function OutboxList() {
  const list = useListState('outbox', { pageSize: messageLimits.pageSize });
  const query = useOutbox({ page: list.page, limit: list.pageSize });
  const canSend = useNewNoticeTotal().data?.allow_send_message;
  const remove = useDeleteMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const [modal, holder] = Modal.useModal();
  const rows = query.data?.rows ?? [];
  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: `${ids.length}件のメッセージを削除しますか？`,
      content: '児童の「おしらせ」からも消えます。元に戻すことはできません。',
      okText: '削除',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await remove.mutateAsync({ ids });
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        notify.success(`${r.count}件を削除しました。`);
      },
    });

  const row = (m: OutboxRow) => (
    <div
      key={m.id}
      data-testid="outbox-row"
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        padding: '12px 16px',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Checkbox
        aria-label={`${m.title}を選択`}
        checked={selected.includes(m.id)}
        onChange={(e) => setSelected((s) => (e.target.checked ? [...s, m.id] : s.filter((id) => id !== m.id)))}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Link to={paths.messageInfo.getHref(m.id)} style={{ fontWeight: 600 }}>
          {m.title}
        </Link>
        <div style={muted}>
          宛先：{recipientsText(m)}（{m.recipient_count}人）
        </div>
      </div>
      <div style={{ textAlign: 'right', minWidth: 170 }}>
        {m.sent ? (
          <div data-testid="read-count">
            既読 <strong>{m.read_count}</strong> / {m.recipient_count}人
          </div>
        ) : (
          <Tag color="blue">送信予定</Tag>
        )}
        <div style={muted}>{formatDateTime(m.send_time)}</div>
      </div>
      <Button
        size="small"
        icon={<DeleteOutlined />}
        aria-label={`${m.title}を削除`}
        onClick={() => confirmDelete([m.id])}
      />
    </div>
  );

  return (
    <div style={{ maxWidth: 960 }}>
      {holder}
      {canSend === false && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="このアカウントでは児童へのメッセージ送信が許可されていません。"
          description="送信が必要な場合は、学校の管理者（運用担当）に許可を依頼してください。送信済みのメッセージはここで確認できます。"
        />
      )}
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
        <Checkbox
          checked={allOnPage}
          disabled={!pageIds.length}
          onChange={(e) =>
            setSelected((s) =>
              e.target.checked ? [...new Set([...s, ...pageIds])] : s.filter((id) => !pageIds.includes(id)),
            )
          }
        >
          このページをすべて選択
        </Checkbox>
        <span style={{ flex: 1 }} />
        <Button icon={<DeleteOutlined />} danger disabled={!selected.length} onClick={() => confirmDelete(selected)}>
          選択したメッセージを削除{selected.length ? `（${selected.length}件）` : ''}
        </Button>
        {canSend && (
          <Link to={paths.messageSend.path}>
            <Button type="primary" icon={<EditOutlined />}>
              メッセージを書く
            </Button>
          </Link>
        )}
      </div>
      <ListContainer
        query={query}
        total={query.data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText="送ったメッセージはまだありません。「メッセージを書く」から、クラスや児童に連絡を送れます。"
      >
        <div style={{ ...panel, padding: 0 }}>{rows.map(row)}</div>
      </ListContainer>
    </div>
  );
}
