import { Card, Table } from 'antd';
import { formatDate } from '../../../lib/dates';
import { useArchivedClasses } from '../api';

/** 昨年度のクラス: classes that ended in a roll-over; read-only, kept for the records. */
export function ArchivedClasses() {
  const { data, isLoading } = useArchivedClasses();
  return (
    <Card title="昨年度のクラス" style={{ marginTop: 16 }}>
      <Table
        rowKey="team_id"
        size="middle"
        loading={isLoading}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: '昨年度のクラスはありません。' }}
        columns={[
          { title: 'クラス名', dataIndex: 'name' },
          { title: '生徒数', dataIndex: 'student_count', render: (v: number) => `${v}人` },
          { title: '年度更新日', dataIndex: 'archived_at', render: (v: string) => formatDate(v) },
        ]}
      />
      <div style={{ color: '#666', fontSize: 13, marginTop: 8 }}>
        昨年度のクラスは記録として残り、変更できません。宿題と学習結果もそのまま残ります。
      </div>
    </Card>
  );
}
