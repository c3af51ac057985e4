import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ResourceRow } from '@ondoku/contract';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useDeleteRecitationResource } from '../api';

/** Edit and delete on a teacher's own reading material in the library list (refused while a homework uses it). */
export function RecitationRowActions({ row }: { row: ResourceRow }) {
  const navigate = useNavigate();
  const remove = useDeleteRecitationResource();
  if (row.origin_type !== 'classroom' || (row.type !== 'sentence_reading' && row.type !== 'article_reading'))
    return null;
  return (
    <>
      <Button
        icon={<EditOutlined />}
        onClick={() => navigate(paths.freeRecitation.getHref(row.resource_id))}
        aria-label={`「${row.title}」を編集`}
      >
        編集
      </Button>
      <Popconfirm
        title="この教材を削除しますか？"
        description="先生の録音も一緒に削除されます。宿題で使われている教材は削除できません。"
        okText="削除する"
        cancelText="やめる"
        onConfirm={async () => {
          const ok = await remove.mutateAsync({ resource_id: row.resource_id }).then(
            () => true,
            () => false,
          );
          if (ok) notify.success('教材を削除しました。');
        }}
      >
        <Button danger icon={<DeleteOutlined />} aria-label={`「${row.title}」を削除`} />
      </Popconfirm>
    </>
  );
}
