import { rankingKindLabels, type RankingKind, type RankingRow } from '@ondoku/contract';
import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatChange, formatValue } from './format';

const medal = ['#d4a017', '#9ea7b3', '#b87333'];

/** One ranking page: rank (ties share it), the child, the value and the change; rows may be chosen. */
export function RankingTable({
  kind,
  rows,
  total,
  page,
  limit,
  loading,
  selected,
  onSelect,
  onPage,
}: {
  kind: RankingKind;
  rows: RankingRow[];
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  selected: string[];
  onSelect(ids: string[], rows: RankingRow[]): void;
  onPage(page: number): void;
}) {
  const columns: TableColumnsType<RankingRow> = [
    {
      title: '順位',
      dataIndex: 'rank',
      width: 72,
      render: (rank: number) => (
        <strong style={{ color: medal[rank - 1] ?? 'inherit', fontSize: rank <= 3 ? 16 : 14 }}>{rank}位</strong>
      ),
    },
    { title: '番号', dataIndex: 'number', width: 64, render: (n: string | null) => n ?? '' },
    {
      title: '名前',
      dataIndex: 'name',
      render: (name: string, r: RankingRow) => (
        <Link
          to={paths.studentTermReport.getHref(r.student_id)}
          title="学期の学習レポート"
          style={{ whiteSpace: 'nowrap' }}
        >
          {name}
        </Link>
      ),
    },
    {
      title: rankingKindLabels[kind],
      dataIndex: 'value',
      align: 'right',
      width: 110,
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatValue(kind, v)}</span>,
    },
    {
      title: '前の期間から',
      dataIndex: 'change',
      width: 116,
      align: 'center',
      render: (c: number | null) => {
        const f = formatChange(c);
        return (
          <span style={{ color: f.color, fontWeight: 600 }} aria-label={f.label} title={f.label}>
            {f.text}
          </span>
        );
      },
    },
  ];
  return (
    <Table<RankingRow>
      size="middle"
      rowKey="student_id"
      data-testid="ranking-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys, chosen) => onSelect(keys as string[], chosen) }}
      pagination={{
        current: page,
        pageSize: limit,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
      }}
      locale={{ emptyText: 'このクラスには児童がいません。' }}
    />
  );
}
