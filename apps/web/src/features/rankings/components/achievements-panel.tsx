import {
  achievementFilterLabels,
  achievementFilters,
  type AchievementFilter,
  type AchievementRow,
} from '@ondoku/contract';
import { Button, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useAchievements } from '../api';
import { EncourageDialog } from './encourage-dialog';

/**
 * がんばり: what each child achieved in the period (the rankings' figures and points), with
 * filters, and encouragement to the chosen children or the whole class.
 */
export function AchievementsPanel({
  classId,
  className,
  period,
  guest,
}: {
  classId: number;
  className: string;
  period: { period: 'week' | 'month' | 'term' | 'custom'; start_time?: string; end_time?: string } | null;
  guest: boolean;
}) {
  const [filter, setFilter] = useState<AchievementFilter>('all');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AchievementRow[]>([]);
  const [sendTo, setSendTo] = useState<AchievementRow[] | null | undefined>(undefined);
  const list = useAchievements(period && { team_id: classId, ...period, filter, page, limit: 20 });
  const keys = list.data?.rows[0]?.achievements ?? [];
  const columns: TableColumnsType<AchievementRow> = [
    { title: '出席番号', dataIndex: 'number', width: 88, render: (n: string | null) => n ?? '' },
    { title: '名前', dataIndex: 'name' },
    ...keys.map((a, i) => ({
      title: a.label,
      key: a.key,
      align: 'right' as const,
      render: (_: unknown, r: AchievementRow) => r.achievements[i]?.value ?? 0,
    })),
    {
      title: 'この期間のはげまし',
      dataIndex: 'last_encouraged_at',
      render: (at: string | null) => (at ? formatDateTime(at) : 'まだ'),
    },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <Select
          aria-label="絞り込み"
          style={{ width: 280 }}
          value={filter}
          onChange={(f: AchievementFilter) => {
            setFilter(f);
            setPage(1);
          }}
          options={achievementFilters.map((f) => ({ value: f, label: achievementFilterLabels[f] }))}
        />
        <span style={{ flex: 1 }} />
        {!guest && (
          <>
            <Button disabled={!chosen.length} onClick={() => setSendTo(chosen)}>
              選んだ児童にはげましを送る（{chosen.length}人）
            </Button>
            <Button type="primary" onClick={() => setSendTo(null)}>
              クラス全員にはげましを送る
            </Button>
          </>
        )}
      </div>
      <Table<AchievementRow>
        size="middle"
        rowKey="student_id"
        data-testid="achievements-table"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        rowSelection={
          guest
            ? undefined
            : { selectedRowKeys: chosen.map((r) => r.student_id), onChange: (_k, rows) => setChosen(rows) }
        }
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{ emptyText: '該当する児童はいません。' }}
      />
      <EncourageDialog
        open={sendTo !== undefined}
        classId={classId}
        className={className}
        students={sendTo ?? null}
        source="achievement"
        onClose={() => {
          setSendTo(undefined);
          setChosen([]);
        }}
      />
    </div>
  );
}
