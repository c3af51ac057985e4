import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Table } from 'antd';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { formatDate } from '../../../lib/dates';
import { useGraduatePage } from '../api';
import { downloadGraduatesXlsx } from '../api/export-students';

/** 卒業生: students archived by a roll-over (accounts closed, results kept), with the xlsx export. */
export function Graduates() {
  const list = useListState<{ kw: string }>('graduates', { pageSize: 20, filters: { kw: '' } });
  const query = useGraduatePage({
    page: list.page,
    limit: list.pageSize,
    kw: list.filters.kw || undefined,
  });
  const { data, isFetching } = query;
  return (
    <Card
      title="卒業生"
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void downloadGraduatesXlsx().catch(() => {})}>
          Excelに書き出す
        </Button>
      }
    >
      <Input.Search
        allowClear
        defaultValue={list.filters.kw}
        placeholder="生徒ID・氏名・ふりがなで検索"
        style={{ width: 280, marginBottom: 12 }}
        onSearch={(v) => list.setFilters({ kw: v.trim() })}
      />
      <ListContainer
        query={query}
        showEmpty={false}
        total={data?.total ?? 0}
        list={list}
        totalText={(total) => `全${total}人`}
      >
        <Table
          rowKey="student_id"
          size="middle"
          loading={isFetching}
          pagination={false}
          dataSource={data?.rows ?? []}
          locale={{ emptyText: '卒業生はいません。' }}
          columns={[
            { title: '生徒ID', dataIndex: 'student_id' },
            { title: '氏名', dataIndex: 'name' },
            { title: '学年', dataIndex: 'grade_name', width: 80 },
            { title: '組', dataIndex: 'class_name', width: 80 },
            { title: '卒業日', dataIndex: 'archived_at', render: (v: string) => formatDate(v) },
          ]}
        />
      </ListContainer>
      <div style={{ color: '#666', fontSize: 13, marginTop: 8 }}>
        卒業生のアカウントは閉じられていて、ログインできません。学習記録は残っています。
      </div>
    </Card>
  );
}
