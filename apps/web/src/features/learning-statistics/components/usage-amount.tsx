import { usageUnitLabels, usageUnits, type CallOutput, type getUsageAmount, type UsageUnit } from '@ondoku/contract';
import { Empty, Spin, Table, type TableColumnsType } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useUsageAmount } from '../api';
import {
  DASH,
  Panel,
  StatsFilters,
  bucketLabel,
  minutes,
  minutesLabel,
  monthLabel,
  muted,
  palette,
  shortDate,
  scopeOf,
  useStatsFilters,
} from './parts';
import { ExportButton } from './export-button';
import { StatisticsNav } from './stats-links';

type Usage = CallOutput<typeof getUsageAmount>;
type StudentRow = Usage['students'][number];
const asUnit = (u: string | undefined): UsageUnit =>
  (usageUnits as readonly string[]).includes(u ?? '') ? (u as UsageUnit) : 'day';
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/**
 * /usage-amount (docs/learning-statistics.md): how much a class or one child practised, in
 * minutes and readings per day, week or month, homework and self-practice apart; per child; and
 * on which weekdays and hours (Japan). Each chart's numbers are in the table under it.
 */
export function UsageAmount() {
  const filters = useStatsFilters();
  const { values } = filters;
  const unit = asUnit(values.unit);
  const scope = scopeOf(values);
  const params = scope && { ...scope, unit, ...(values.loginId ? { student_id: values.loginId } : {}) };
  const query = useUsageAmount(params);
  const data = query.data;
  const failure = readFailure(query);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <StatisticsNav current={paths.usageAmount.path} />
      <StatsFilters
        filters={filters}
        period={data}
        students={data?.students}
        units={usageUnits.map((u) => ({ value: u, label: usageUnitLabels[u] }))}
      >
        <ExportButton input={params && { kind: 'learning-usage', ...params }} />
      </StatsFilters>
      {!filters.classesLoading && filters.classes.length === 0 ? (
        <Empty description="クラスがありません。" />
      ) : (
        (failure ?? (!data ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : <UsageBody data={data} />))
      )}
    </div>
  );
}

function Totals({ data }: { data: Usage }) {
  const t = data.totals;
  const cards = [
    { label: '宿題', value: `${t.homework_count}回`, sub: minutesLabel(t.homework_ms) },
    { label: '自主学習', value: `${t.self_count}回`, sub: minutesLabel(t.self_ms) },
    { label: '合計', value: `${t.homework_count + t.self_count}回`, sub: minutesLabel(t.homework_ms + t.self_ms) },
    {
      label: '練習した日（のべ）',
      value: `${t.practice_days}日`,
      sub: data.student ? data.student.name : `${t.student_count}人のクラス`,
    },
  ];
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }} data-testid="usage-totals">
      {cards.map((c) => (
        <div
          key={c.label}
          style={{
            flex: '1 1 140px',
            boxSizing: 'border-box',
            background: '#fff',
            border: '1px solid #f0f0f0',
            borderRadius: 8,
            padding: 12,
          }}
        >
          <div style={{ ...muted, fontSize: 12 }}>{c.label}</div>
          <div style={{ fontSize: 22, fontWeight: 600 }}>{c.value}</div>
          <div style={{ ...muted, fontSize: 12 }}>{c.sub}</div>
        </div>
      ))}
    </div>
  );
}

function UsageBody({ data }: { data: Usage }) {
  const label = (d: string) => (data.unit === 'month' ? monthLabel(d) : shortDate(d));
  const chartRows = data.buckets.map((b) => ({
    label: label(b.start_date),
    homework: minutes(b.homework_ms),
    self: minutes(b.self_ms),
    homeworkCount: b.homework_count,
    selfCount: b.self_count,
  }));
  const rows = data.buckets.map((b) => ({ key: b.start_date, ...b }));
  type Row = (typeof rows)[number];
  const columns: TableColumnsType<Row> = [
    {
      title: usageUnitLabels[data.unit].replace('ごと', ''),
      dataIndex: 'start_date',
      render: (d: string) => bucketLabel(d, data.unit),
    },
    { title: '宿題（回）', dataIndex: 'homework_count' },
    { title: '宿題（分）', dataIndex: 'homework_ms', render: (ms: number) => minutes(ms) },
    { title: '自主学習（回）', dataIndex: 'self_count' },
    { title: '自主学習（分）', dataIndex: 'self_ms', render: (ms: number) => minutes(ms) },
  ];
  return (
    <>
      <Totals data={data} />
      <Panel title={`録音時間（分）${data.student ? `：${data.student.name}さん` : ''}`} testId="usage-minutes">
        <div
          style={{ width: '100%', height: 260 }}
          role="img"
          aria-label="宿題と自主学習の録音時間のグラフ（数値は下の表）"
        >
          <ResponsiveContainer>
            <BarChart data={chartRows} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e5e5e5" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis
                tick={{ fontSize: 12 }}
                unit="分"
                width={64}
                tickFormatter={(v: number) => String(Math.round(v * 100) / 100)}
              />
              <Tooltip />
              <Legend />
              <Bar dataKey="homework" name="宿題" stackId="m" fill={palette.blue} isAnimationActive={false} />
              <Bar dataKey="self" name="自主学習" stackId="m" fill={palette.orange} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <Table
          size="small"
          columns={columns}
          dataSource={rows.filter((r) => data.unit !== 'day' || r.homework_count + r.self_count > 0)}
          pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
          locale={{ emptyText: 'この期間の練習はありません。' }}
        />
      </Panel>
      <Panel title="練習した曜日と時間" testId="usage-hours">
        <HourGrid hours={data.hours} />
      </Panel>
      {!data.student && (
        <Panel title="子どもごとの学習量" testId="usage-students">
          <StudentTable rows={data.students} />
        </Panel>
      )}
    </>
  );
}

/** Weekday × hour (Japan): how many readings started then; darker is more, and the number is written in. */
function HourGrid({ hours }: { hours: Usage['hours'] }) {
  const max = Math.max(1, ...hours.map((h) => h.count));
  const count = (weekday: number, hour: number) =>
    hours.find((h) => h.weekday === weekday && h.hour === hour)?.count ?? 0;
  const used = hours.map((h) => h.hour);
  const from = used.length ? Math.min(6, ...used) : 6;
  const to = used.length ? Math.max(21, ...used) : 21;
  const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (hours.length === 0) return <p style={muted}>この期間の練習はありません。</p>;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', fontSize: 12 }} aria-label="曜日と時間ごとの練習回数">
        <thead>
          <tr>
            <th style={hourCell} />
            {range.map((h) => (
              <th key={h} style={hourCell} scope="col">
                {h}時
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((d) => (
            <tr key={d}>
              <th scope="row" style={hourCell}>
                {WEEKDAYS[d]}
              </th>
              {range.map((h) => {
                const n = count(d, h);
                const alpha = n ? 0.15 + 0.85 * (n / max) : 0;
                return (
                  <td
                    key={h}
                    style={{
                      ...hourCell,
                      background: n ? `rgba(0, 114, 178, ${alpha.toFixed(2)})` : '#fafafa',
                      color: alpha > 0.55 ? '#fff' : '#000',
                    }}
                    title={`${WEEKDAYS[d]}曜 ${h}時台：${n}回`}
                  >
                    {n || ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
const hourCell = { border: '1px solid #f0f0f0', padding: '2px 4px', minWidth: 28, textAlign: 'center' as const };

function StudentTable({ rows }: { rows: StudentRow[] }) {
  const columns: TableColumnsType<StudentRow> = [
    { title: '番号', dataIndex: 'number', width: 64, render: (n: string | null) => n ?? DASH },
    { title: '名前', dataIndex: 'name' },
    {
      title: '宿題',
      dataIndex: 'homework_count',
      sorter: (a, b) => a.homework_count - b.homework_count,
      render: (n: number) => `${n}回`,
    },
    { title: '宿題の時間', dataIndex: 'homework_ms', render: minutesLabel },
    {
      title: '自主学習',
      dataIndex: 'self_count',
      sorter: (a, b) => a.self_count - b.self_count,
      render: (n: number) => `${n}回`,
    },
    { title: '自主学習の時間', dataIndex: 'self_ms', render: minutesLabel },
    {
      title: '練習した日',
      dataIndex: 'practice_days',
      sorter: (a, b) => a.practice_days - b.practice_days,
      render: (n: number) => `${n}日`,
    },
    { title: '最後の練習', dataIndex: 'last_at', render: (at: string | null) => (at ? formatDateTime(at) : DASH) },
  ];
  return (
    <Table
      size="small"
      rowKey="student_id"
      columns={columns}
      dataSource={rows}
      pagination={false}

      locale={{ emptyText: 'このクラスには子どもがいません。' }}
    />
  );
}
