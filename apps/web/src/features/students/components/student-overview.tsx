import { UploadOutlined, DownloadOutlined } from '@ant-design/icons';
import type { studentSortFields } from '@ondoku/contract';
import { type StudentRow } from '@ondoku/contract';
import { Button, Card, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { searchWord } from '../../../lib/form';
import { useClassList } from '../../../lib/queries';
import { useStudentPageRows } from '../api';
import { downloadStudentsXlsx } from '../api/export-students';
import { ImportModal } from './import-modal';

type SortField = (typeof studentSortFields)[number];
const PAGE_SIZE = 20;
const PAGE_SIZES = [20, 50, 100] as const;
/** Student filters are kept per browser session (docs/classes.md, Screens), with the page. */
const initialFilters: { kw: string; classId?: number; sortField: SortField; sortOrder: 'asc' | 'desc' } = {
  kw: '',
  sortField: 'furigana',
  sortOrder: 'asc',
};

/** /student/student-overview-home: every student of the teacher, across classes. */
export function StudentOverview() {
  const list = useListState('student-overview', { pageSize: PAGE_SIZE, filters: initialFilters });
  const f = list.filters;
  const [importing, setImporting] = useState(false);
  const classes = useClassList();
  const query = useStudentPageRows({
    page: list.page,
    limit: list.pageSize,
    kw: f.kw || undefined,
    team_id: f.classId,
    sort_field: f.sortField,
    sort_order: f.sortOrder,
  });
  const { data, isFetching } = query;
  const columns: TableProps<StudentRow>['columns'] = [
    {
      title: '氏名',
      key: 'furigana',
      sorter: true,
      defaultSortOrder: f.sortField === 'furigana' ? (f.sortOrder === 'asc' ? 'ascend' : 'descend') : undefined,
      render: (_: unknown, s) => (
        <Link to={paths.studentDetails.getHref(s.student_id)}>
          <div style={{ fontSize: 11, color: '#888', lineHeight: 1.2 }}>{s.furigana}</div>
          {s.name}
        </Link>
      ),
    },
    { title: '生徒ID', dataIndex: 'student_id', key: 'student_id', sorter: true },
    { title: '学年', dataIndex: 'grade_name', key: 'grade_name', width: 80, sorter: true },
    { title: '組', dataIndex: 'class_name', key: 'class_name', width: 80, sorter: true },
    {
      title: '番号',
      dataIndex: 'number',
      key: 'number',
      width: 90,
      sorter: true,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '所属クラス',
      key: 'teams',
      render: (_: unknown, s) =>
        s.teams.length ? s.teams.map((t) => <Tag key={t.team_id}>{t.name}</Tag>) : <Tag color="orange">クラスなし</Tag>,
    },
  ];
  return (
    <Card>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={f.kw}
            placeholder="生徒ID・氏名・ふりがなで検索"
            style={{ width: 260 }}
            onSearch={(v) => {
              const word = searchWord(v);
              if (word !== null) list.setFilters({ kw: word });
            }}
          />
          <Select
            allowClear
            placeholder="すべてのクラス"
            style={{ width: 180 }}
            value={f.classId}
            onChange={(v?: number) => list.setFilters({ classId: v })}
            options={(classes.data?.rows ?? []).map((c) => ({
              value: c.team_id,
              label: c.hidden ? `${c.name}（非表示）` : c.name,
            }))}
          />
        </Space>
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            クラス指定で一括取り込み
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void downloadStudentsXlsx(f.classId).catch(() => {})}>
            Excelに書き出す
          </Button>
        </Space>
      </Space>
      <ListContainer
        query={query}
        showEmpty={false}
        total={data?.total ?? 0}
        list={list}
        pageSizeOptions={PAGE_SIZES}
        totalText={(total) => `全${total}人`}
      >
        <Table<StudentRow>
          rowKey="student_id"
          loading={isFetching}
          columns={columns}
          dataSource={data?.rows ?? []}
          locale={{ emptyText: f.kw || f.classId ? '該当する生徒はいません。' : 'まだ生徒がいません。' }}
          pagination={false}
          onChange={(_p, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            // A new sort starts again from page 1, as the table's own pager did.
            list.setFilters({
              sortField: s?.order && s.columnKey ? (s.columnKey as SortField) : 'furigana',
              sortOrder: s?.order === 'descend' ? 'desc' : 'asc',
            });
          }}
        />
      </ListContainer>
      <ImportModal open={importing} onClose={() => setImporting(false)} />
    </Card>
  );
}
