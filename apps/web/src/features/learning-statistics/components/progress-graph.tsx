import { WarningOutlined } from '@ant-design/icons';
import {
  progressAlertLabels,
  progressUnitLabels,
  progressUnits,
  type CallOutput,
  type getProgressGraph,
  type ProgressUnit,
} from '@ondoku/contract';
import { Alert, Empty, Spin, Table, Tag, type TableColumnsType } from 'antd';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Bar,
  BarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useProgressGraph } from '../api';
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
  scoreLabel,
  shortDate,
  scopeOf,
  useStatsFilters,
} from './parts';
import { ExportButton } from './export-button';
import { StatisticsNav } from './stats-links';

type Progress = CallOutput<typeof getProgressGraph>;
type StudentRow = Progress['students'][number];

const asUnit = (u: string | undefined): ProgressUnit =>
  (progressUnits as readonly string[]).includes(u ?? '') ? (u as ProgressUnit) : 'week';

/** The four scores, each with its own colour and dash (told apart without colour too). */
const scoreSeries = [
  { key: 'score', label: '総合', color: palette.blue, dash: undefined },
  { key: 'accuracy', label: '発音', color: palette.orange, dash: '6 3' },
  { key: 'fluency', label: '流暢さ', color: palette.green, dash: '2 3' },
  { key: 'integrity', label: '完成度', color: palette.purple, dash: '10 4 2 4' },
] as const;

/**
 * /progress-graph (docs/learning-statistics.md): a class's scores and practice over a period by
 * week or month, one child beside the class average, and each child's trend with a mark when it
 * drops or the child stopped practising. Every chart has its numbers in the table under it.
 */
export function ProgressGraph() {
  const filters = useStatsFilters();
  const { values } = filters;
  const unit = asUnit(values.unit);
  const scope = scopeOf(values);
  const params = scope && { ...scope, unit, ...(values.loginId ? { student_id: values.loginId } : {}) };
  const query = useProgressGraph(params);
  const data = query.data;
  const failure = readFailure(query);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <StatisticsNav current={paths.progressGraph.path} />
      <StatsFilters
        filters={filters}
        period={data}
        students={data?.students}
        units={progressUnits.map((u) => ({ value: u, label: progressUnitLabels[u] }))}
      >
        <ExportButton input={params && { kind: 'learning-progress', ...params }} />
      </StatsFilters>
      {!filters.classesLoading && filters.classes.length === 0 ? (
        <Empty description="クラスがありません。" />
      ) : (
        (failure ?? (!data ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : <ProgressBody data={data} />))
      )}
    </div>
  );
}

function ProgressBody({ data }: { data: Progress }) {
  const label = (d: string) => (data.unit === 'month' ? monthLabel(d) : shortDate(d));
  const withStudent = data.student !== null;
  const chartRows = data.buckets.map((b) => ({
    label: label(b.start_date),
    ...Object.fromEntries(scoreSeries.map((s) => [s.key, b.class[s.key]])),
    student: b.student?.score ?? null,
    count: b.class.practice_count,
    minutes: minutes(b.class.duration_ms),
    studentCount: b.student?.practice_count ?? null,
  }));
  const flagged = data.students.filter((s) => s.alerts.includes('drop') || s.alerts.includes('stopped'));
  const who = data.student ? `${data.student.name}さん` : null;
  return (
    <>
      {flagged.length > 0 && (
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          title={`気になる子ども：${flagged.length}人`}
          description={flagged
            .map(
              (s) =>
                `${s.name}（${s.alerts
                  .filter((a) => a !== 'none_yet')
                  .map((a) => progressAlertLabels[a])
                  .join('・')}）`,
            )
            .join('、')}
          data-testid="progress-alerts"
        />
      )}
      <Panel title={who ? `得点の推移（${who}とクラス平均）` : '得点の推移（クラス平均）'} testId="progress-scores">
        <div style={{ width: '100%', height: 280 }} role="img" aria-label="得点の推移のグラフ（数値は下の表）">
          <ResponsiveContainer>
            <LineChart data={chartRows} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e5e5e5" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} unit="点" width={56} />
              <Tooltip formatter={(v) => (v === null || v === undefined ? DASH : `${String(v)}点`)} />
              <Legend />
              {withStudent ? (
                <>
                  <Line
                    dataKey="student"
                    name={who!}
                    stroke={palette.vermillion}
                    strokeWidth={3}
                    connectNulls
                    dot={{ r: 4 }}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="score"
                    name="クラス平均（総合）"
                    stroke={palette.blue}
                    strokeDasharray="6 3"
                    connectNulls
                    isAnimationActive={false}
                  />
                </>
              ) : (
                scoreSeries.map((s) => (
                  <Line
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    stroke={s.color}
                    strokeDasharray={s.dash}
                    strokeWidth={2}
                    connectNulls
                    dot={{ r: 3 }}
                    isAnimationActive={false}
                  />
                ))
              )}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <BucketTable data={data} />
      </Panel>
      <Panel title="練習回数と録音時間（クラス）" testId="progress-practice">
        <div style={{ width: '100%', height: 220 }} role="img" aria-label="練習回数と録音時間のグラフ（数値は上の表）">
          <ResponsiveContainer>
            <BarChart data={chartRows} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
              <CartesianGrid stroke="#e5e5e5" />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis yAxisId="count" tick={{ fontSize: 12 }} unit="回" width={56} allowDecimals={false} />
              <YAxis
                yAxisId="minutes"
                orientation="right"
                tick={{ fontSize: 12 }}
                unit="分"
                width={64}
                tickFormatter={(v: number) => String(Math.round(v * 100) / 100)}
              />
              <Tooltip />
              <Legend />
              <Bar yAxisId="count" dataKey="count" name="練習回数" fill={palette.blue} isAnimationActive={false} />
              <Bar
                yAxisId="minutes"
                dataKey="minutes"
                name="録音時間（分）"
                fill={palette.orange}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Panel>
      <Panel title="子どもごとの推移" testId="progress-students">
        <StudentTable data={data} />
      </Panel>
    </>
  );
}

function BucketTable({ data }: { data: Progress }) {
  const rows = data.buckets.map((b) => ({ key: b.start_date, ...b }));
  type Row = (typeof rows)[number];
  const columns: TableColumnsType<Row> = [
    {
      title: data.unit === 'month' ? '月' : '週',
      dataIndex: 'start_date',
      render: (d: string) => bucketLabel(d, data.unit),
    },
    ...(data.student
      ? [
          {
            title: `${data.student.name}さん 総合`,
            key: 'student',
            render: (_: unknown, r: Row) => scoreLabel(r.student?.score ?? null),
          },
          {
            title: `${data.student.name}さん 回数`,
            key: 'student-count',
            render: (_: unknown, r: Row) => `${r.student?.practice_count ?? 0}回`,
          },
        ]
      : []),
    ...scoreSeries.map((s) => ({
      title: `クラス ${s.label}`,
      key: s.key,
      render: (_: unknown, r: Row) => scoreLabel(r.class[s.key]),
    })),
    { title: '練習回数', key: 'count', render: (_: unknown, r: Row) => `${r.class.practice_count}回` },
    { title: '録音時間', key: 'minutes', render: (_: unknown, r: Row) => minutesLabel(r.class.duration_ms) },
  ];
  // Weeks or months without any practice are left out of the table (the chart shows them as gaps).
  const shown = rows.filter((r) => r.class.practice_count > 0 || (r.student?.practice_count ?? 0) > 0);
  return (
    <>
      <Table
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: 'この期間の練習はありません。' }}
      />
      {shown.length < rows.length && (
        <span style={{ ...muted, fontSize: 12 }}>
          練習のなかった{data.unit === 'month' ? '月' : '週'}は表に載せていません。
        </span>
      )}
    </>
  );
}

function StudentTable({ data }: { data: Progress }) {
  const columns: TableColumnsType<StudentRow> = [
    { title: '番号', dataIndex: 'number', width: 64, render: (n: string | null) => n ?? DASH },
    { title: '名前', dataIndex: 'name' },
    {
      title: '練習回数',
      dataIndex: 'practice_count',
      sorter: (a, b) => a.practice_count - b.practice_count,
      render: (n: number) => `${n}回`,
    },
    { title: '録音時間', dataIndex: 'duration_ms', render: (ms: number) => minutesLabel(ms) },
    {
      title: '平均',
      dataIndex: 'average_score',
      sorter: (a, b) => (a.average_score ?? -1) - (b.average_score ?? -1),
      render: scoreLabel,
    },
    {
      title: '前半 → 後半',
      key: 'trend',
      render: (_, r) =>
        r.first_half_score === null && r.second_half_score === null
          ? DASH
          : `${scoreLabel(r.first_half_score)} → ${scoreLabel(r.second_half_score)}`,
    },
    { title: '最後の練習', dataIndex: 'last_at', render: (at: string | null) => (at ? formatDateTime(at) : DASH) },
    {
      title: '状況',
      dataIndex: 'alerts',
      render: (alerts: StudentRow['alerts']) =>
        alerts.length === 0 ? (
          <span style={muted}>順調</span>
        ) : (
          alerts.map((a) => (
            <Tag
              key={a}
              color={a === 'none_yet' ? 'default' : 'warning'}
              icon={a === 'none_yet' ? undefined : <WarningOutlined />}
            >
              {progressAlertLabels[a]}
            </Tag>
          ))
        ),
    },
  ];
  return (
    <Table
      size="small"
      rowKey="student_id"
      columns={columns}
      dataSource={data.students}
      pagination={false}

      locale={{ emptyText: 'このクラスには子どもがいません。' }}
    />
  );
}
