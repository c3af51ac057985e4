import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { useClassInfo } from '../api';
import { ClassFormModal } from './class-form-modal';

/** The head of /manage-class/:classId: the class's name, size and settings, with rename. */
export function ClassSummary({ classId }: { classId: number }) {
  const { data: info, isLoading } = useClassInfo(classId);
  const [editing, setEditing] = useState(false);
  if (isLoading || !info) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <span style={{ fontSize: 18 }} data-testid="class-name">
          {info.name} {info.hidden && <Tag>非表示</Tag>}
        </span>
      }
      extra={
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          クラスを編集
        </Button>
      }
    >
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="生徒数">{info.student_count}人</Descriptions.Item>
        <Descriptions.Item label="生徒の参加">{info.allow_join === 1 ? '許可' : '停止'}</Descriptions.Item>
        <Descriptions.Item label="作成日">{formatDate(info.created_at)}</Descriptions.Item>
      </Descriptions>
      <ClassFormModal open={editing} existing={info} onClose={() => setEditing(false)} />
    </Card>
  );
}
