import { DeleteOutlined } from '@ant-design/icons';
import { yearLimits, type ClassRow } from '@ondoku/contract';
import { Button, Modal, notification } from 'antd';
import { notify } from '../../../lib/notify';
import { useDeleteClass, useRestoreClass } from '../api';

/** How long the undo stays on screen: well inside the server's restore window. */
const UNDO_SECONDS = Math.min(10, yearLimits.restoreWindowSeconds - 5);

/**
 * Deleting a class from the class list: a confirmation that says what happens to its homework,
 * results and children, then a notice with 元に戻す for a few seconds (team/restore). The holder
 * lives in the list, not in the row, because the row disappears with the class.
 */
export function useClassDeletion() {
  const [modal, modalHolder] = Modal.useModal();
  const [notice, noticeHolder] = notification.useNotification({ placement: 'bottomRight' });
  const remove = useDeleteClass();
  const restore = useRestoreClass();

  const undo = (key: string, row: ClassRow) => {
    restore.mutate(
      { team_id: row.team_id },
      {
        onSuccess: () => notify.success(`「${row.name}」を元に戻しました。`),
        onSettled: () => notice.destroy(key),
      },
    );
  };

  const confirmDelete = (row: ClassRow) =>
    modal.confirm({
      title: `「${row.name}」を削除しますか？`,
      icon: <DeleteOutlined style={{ color: '#d4380d' }} />,
      okText: 'クラスを削除',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      content: (
        <div data-testid="class-delete-confirm">
          <ul style={{ paddingLeft: 18, margin: '8px 0' }}>
            <li>このクラスに出した宿題と学習結果は、記録として残ります（閲覧のみで、変更はできません）。</li>
            <li>
              生徒{row.student_count}
              人のアカウントは削除されません。ほかのクラスに入っていない生徒は「クラス未所属」に移ります。
            </li>
            <li>クラスコードでは参加できなくなり、クラス一覧から消えます。</li>
          </ul>
          <p style={{ margin: 0, color: '#666' }}>削除の直後、しばらくの間は「元に戻す」で取り消せます。</p>
        </div>
      ),
      onOk: async () => {
        const r = await remove.mutateAsync({ team_id: row.team_id });
        const key = `class-deleted-${row.team_id}`;
        notice.open({
          key,
          type: 'success',
          title: `「${r.name}」を削除しました。`,
          description:
            r.unassigned_count > 0 ? `${r.unassigned_count}人の生徒が「クラス未所属」になりました。` : undefined,
          duration: UNDO_SECONDS,
          showProgress: true,
          actions: (
            <Button type="primary" size="small" onClick={() => undo(key, row)}>
              元に戻す
            </Button>
          ),
        });
      },
    });

  return {
    confirmDelete,
    holder: (
      <>
        {modalHolder}
        {noticeHolder}
      </>
    ),
  };
}
