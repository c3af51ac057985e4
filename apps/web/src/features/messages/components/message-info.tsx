import { DeleteOutlined } from '@ant-design/icons';
import type { MessageRecipient } from '@ondoku/contract';
import { Button, Modal, Spin, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { panel } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDeleteMessages, useMessageDetails } from '../api';
import { recipientsText } from './outbox-list';

const muted = { color: 'rgba(0,0,0,0.55)', fontSize: 13 } as const;

function RecipientList({ title, rows, testId }: { title: string; rows: MessageRecipient[]; testId: string }) {
  return (
    <section style={{ ...panel, padding: 16, flex: 1, minWidth: 0 }} aria-label={title} data-testid={testId}>
      <h2 style={{ fontSize: 15, margin: '0 0 8px' }}>
        {title}（{rows.length}人）
      </h2>
      {rows.length === 0 ? (
        <div style={muted}>いません。</div>
      ) : (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {rows.map((r) => (
              <tr key={r.student_id} style={{ borderTop: '1px solid #f0f0f0' }}>
                <td style={{ padding: '6px 4px' }}>{r.name}</td>
                <td style={{ padding: '6px 4px', ...muted }}>{r.class_name ?? 'クラスなし'}</td>
                <td style={{ padding: '6px 4px', ...muted, textAlign: 'right' }}>
                  {r.read_at ? formatDateTime(r.read_at) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /message/info/:id (docs/messages.md): one message, who has read it and who has not. */
export function MessageInfo({ id }: { id: number }) {
  const query = useMessageDetails(id);
  const remove = useDeleteMessages();
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const failure = readFailure(query, { backTo: paths.messages.path, backLabel: 'メッセージ一覧へ戻る' });
  if (failure) return failure;
  const m = query.data;
  if (!m) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const confirmDelete = () =>
    modal.confirm({
      title: 'このメッセージを削除しますか？',
      content: '児童の「おしらせ」からも消えます。元に戻すことはできません。',
      okText: '削除',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        await remove.mutateAsync({ ids: [m.id] });
        notify.success('削除しました。');
        navigate(paths.messages.path);
      },
    });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }}>
      {holder}
      <section style={{ ...panel, padding: 24 }} aria-label="メッセージ">
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <h1 style={{ fontSize: 18, margin: 0, flex: 1 }}>{m.title}</h1>
          {!m.sent && <Tag color="blue">送信予定</Tag>}
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            削除
          </Button>
        </div>
        <div style={{ ...muted, margin: '4px 0 12px' }}>
          {m.sent ? '送信' : '送信予定'}：{formatDateTime(m.send_time)} ／ 宛先：{recipientsText(m)}（
          {m.recipient_count}人）
        </div>
        <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>{m.content}</div>
        <div style={{ marginTop: 12 }} data-testid="read-summary">
          既読 <strong>{m.read_count}</strong> / {m.recipient_count}人
        </div>
      </section>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <RecipientList title="読んだ児童" rows={m.readers} testId="readers" />
        <RecipientList title="まだ読んでいない児童" rows={m.non_readers} testId="non-readers" />
      </div>
    </div>
  );
}
