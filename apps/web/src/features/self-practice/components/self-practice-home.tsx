import { FileExcelOutlined, SmileOutlined } from '@ant-design/icons';
import {
  exerciseTypeLabels,
  homeworkStateLabels,
  selfPracticeLimits,
  selfPracticeMessages,
  type CallOutput,
  type ExerciseType,
  type getCurrentMonthSummary,
  type MonthStudentRow,
  type ResourceSummaryRow,
} from '@ondoku/contract';
import { Button, Select, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { panel, Score, Section } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { readFailure } from '../../../components/ui/load-state';
import { useListState } from '../../../components/ui/use-list-state';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import {
  saveMonthSummary,
  useCurrentMonthSummary,
  useExerciseSummary,
  useNewHomeworkList,
  useNewHomeworkSummary,
  useSelfPracticeFilters,
} from '../api';
import { ResourceDrawer } from './resource-drawer';
import { DASH, duration, muted } from './parts';

type Month = CallOutput<typeof getCurrentMonthSummary>;
const typeLabel = (type: string) => exerciseTypeLabels[type as ExerciseType] ?? type;

/**
 * /homework-self-home (docs/self-practice.md): what the teacher's children practised on their
 * own this month — summary cards beside last month, per class and per child (sortable, register
 * order by default), the most practised materials with the children's attempts and recordings,
 * the homework handed out recently, and the month as an Excel file.
 */
export function SelfPracticeHome() {
  const filters = useSelfPracticeFilters();
  const [classId, setClassId] = useState<number | undefined>(undefined);
  const month = useCurrentMonthSummary(classId);
  const [exporting, setExporting] = useState(false);

  const failure = readFailure(filters) ?? readFailure(month);
  const exportFile = async () => {
    setExporting(true);
    try {
      await saveMonthSummary(classId);
    } catch {
      // The request layer has told the teacher.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1100 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Select
          aria-label="クラス"
          style={{ width: 200 }}
          value={classId ?? 0}
          onChange={(v: number) => setClassId(v === 0 ? undefined : v)}
          options={[
            { value: 0, label: 'すべてのクラス' },
            ...(filters.data?.teams ?? []).map((t) => ({ value: t.team_id, label: t.name })),
          ]}
        />
        <span style={{ ...muted, fontSize: 13 }}>
          {month.data
            ? `${month.data.month_label}（${formatDate(month.data.this_month.start_date + 'T00:00:00+09:00')}〜）`
            : ''}
        </span>
        <span style={{ flex: 1 }} />
        <Button icon={<FileExcelOutlined />} loading={exporting} disabled={!month.data} onClick={exportFile}>
          エクセルで出力
        </Button>
      </div>
      {failure ??
        (!month.data ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : month.data.this_month.totals.session_count === 0 && month.data.last_month.totals.session_count === 0 ? (
          <EmptyPractice />
        ) : (
          <>
            <MonthCards month={month.data} />
            <ClassTable month={month.data} />
            <StudentTable month={month.data} />
            <TopResources classId={classId} periods={filters.data?.periods ?? []} />
          </>
        ))}
      <NewHomework />
    </div>
  );
}

function EmptyPractice() {
  return (
    <section style={{ ...panel, textAlign: 'center', padding: '40px 24px' }} data-testid="self-practice-empty">
      <SmileOutlined style={{ fontSize: 40, color: '#52c41a' }} />
      <p style={{ fontSize: 16, margin: '16px 0 8px' }}>{selfPracticeMessages.empty}</p>
      <p style={{ ...muted, margin: 0 }}>子どもたちの学習アプリの「じぶんでれんしゅう」から、いつでも練習できます。</p>
    </section>
  );
}

const delta = (now: number, before: number, unit: string) => {
  const d = now - before;
  return `先月 ${before}${unit}（${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)}）`;
};

function Card({ label, value, sub, testId }: { label: string; value: ReactNode; sub?: string; testId: string }) {
  return (
    <div style={{ ...panel, flex: '1 1 130px', minWidth: 0 }} data-testid={testId}>
      <div style={{ ...muted, fontSize: 12 }}>{label}</div>
      <div style={{ fontSize: 24, fontWeight: 600, margin: '4px 0' }}>{value}</div>
      {sub && <div style={{ ...muted, fontSize: 12 }}>{sub}</div>}
    </div>
  );
}

function MonthCards({ month }: { month: Month }) {
  const cur = month.this_month.totals;
  const last = month.last_month.totals;
  return (
    <section aria-label="今月のまとめ" style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Card
        testId="card-practised"
        label="練習した子ども"
        value={`${cur.practised_student_count}/${cur.student_count}人`}
        sub={delta(cur.practised_student_count, last.practised_student_count, '人')}
      />
      <Card
        testId="card-sessions"
        label="練習回数"
        value={`${cur.session_count}回`}
        sub={delta(cur.session_count, last.session_count, '回')}
      />
      <Card
        testId="card-days"
        label="練習日数（のべ）"
        value={`${cur.practice_days}日`}
        sub={delta(cur.practice_days, last.practice_days, '日')}
      />
      <Card
        testId="card-duration"
        label="録音時間"
        value={duration(cur.duration_ms)}
        sub={`先月 ${duration(last.duration_ms)}`}
      />
      <Card
        testId="card-average"
        label="平均点"
        value={<Score value={cur.average_score} average />}
        sub={`先月 ${last.average_score === null ? DASH : `${last.average_score.toFixed(1)}点`}`}
      />
    </section>
  );
}

function ClassTable({ month }: { month: Month }) {
  return (
    <Section title="クラス別">
      <Table
        size="small"
        pagination={false}
        rowKey="team_id"
        dataSource={month.teams}
        columns={[
          { title: 'クラス', dataIndex: 'name' },
          { title: '人数', dataIndex: 'student_count', align: 'right', render: (n: number) => `${n}人` },
          {
            title: '練習した人数',
            align: 'right',
            render: (_, r) => `${r.this_month.practised_student_count}人`,
          },
          {
            title: '練習回数',
            align: 'right',
            render: (_, r) => (
              <span>
                {r.this_month.session_count}回
                <span style={{ ...muted, fontSize: 12, marginLeft: 6 }}>
                  {delta(r.this_month.session_count, r.last_month.session_count, '回')}
                </span>
              </span>
            ),
          },
          { title: '録音時間', align: 'right', render: (_, r) => duration(r.this_month.duration_ms) },
          {
            title: '平均点',
            align: 'right',
            render: (_, r) => <Score value={r.this_month.average_score} average />,
          },
        ]}
      />
    </Section>
  );
}

const byNumber = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);

function StudentTable({ month }: { month: Month }) {
  const many = month.teams.length > 1;
  const columns: TableColumnsType<MonthStudentRow> = [
    ...(many
      ? [
          {
            title: 'クラス',
            dataIndex: 'team_name',
            key: 'team',
            sorter: (a: MonthStudentRow, b: MonthStudentRow) =>
              month.teams.findIndex((t) => t.team_id === a.team_id) -
                month.teams.findIndex((t) => t.team_id === b.team_id) || a.order - b.order,
          },
        ]
      : []),
    {
      title: '出席番号',
      key: 'order',
      align: 'right',
      sorter: (a, b) => a.order - b.order,
      render: (_, r) => r.number ?? DASH,
    },
    { title: '氏名', dataIndex: 'name', key: 'name', sorter: (a, b) => a.furigana.localeCompare(b.furigana, 'ja') },
    {
      title: '練習日数',
      key: 'days',
      align: 'right',
      sorter: (a, b) => a.this_month.practice_days - b.this_month.practice_days,
      render: (_, r) => `${r.this_month.practice_days}日`,
    },
    {
      title: '練習回数',
      key: 'sessions',
      align: 'right',
      sorter: (a, b) => a.this_month.session_count - b.this_month.session_count,
      render: (_, r) => `${r.this_month.session_count}回`,
    },
    {
      title: '録音時間',
      key: 'duration',
      align: 'right',
      sorter: (a, b) => a.this_month.duration_ms - b.this_month.duration_ms,
      render: (_, r) => duration(r.this_month.duration_ms),
    },
    {
      title: '平均点',
      key: 'average',
      align: 'right',
      sorter: (a, b) => byNumber(a.this_month.average_score, b.this_month.average_score),
      render: (_, r) => <Score value={r.this_month.average_score} average />,
    },
    {
      title: '先月の回数',
      key: 'last',
      align: 'right',
      sorter: (a, b) => a.last_month.session_count - b.last_month.session_count,
      render: (_, r) => `${r.last_month.session_count}回`,
    },
  ];
  return (
    <Section
      title="子どもごとの練習"
      extra={<span style={{ ...muted, fontSize: 12 }}>見出しを押すと並べ替えます</span>}
    >
      <Table
        size="small"
        rowKey={(r) => `${r.team_id}-${r.student_id}`}
        dataSource={month.students}
        columns={columns}
        pagination={month.students.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: 'クラスに子どもがいません。' }}
        data-testid="child-table"
      />
    </Section>
  );
}

function TopResources({
  classId,
  periods,
}: {
  classId: number | undefined;
  periods: { key: string; label: string; start_date: string; end_date: string }[];
}) {
  const [periodKey, setPeriodKey] = useState('this_month');
  const [type, setType] = useState<ExerciseType | undefined>(undefined);
  const [open, setOpen] = useState<ResourceSummaryRow | null>(null);
  const period = periods.find((p) => p.key === periodKey);
  const params = {
    ...(classId === undefined ? {} : { team_id: classId }),
    ...(type ? { type } : {}),
    ...(period ? { start_date: period.start_date, end_date: period.end_date } : {}),
  };
  const summary = useExerciseSummary(periods.length > 0 ? params : null);
  const rows = summary.data?.top_resources ?? [];
  return (
    <Section
      title="よく練習された教材"
      extra={
        <div style={{ display: 'flex', gap: 8 }}>
          <Select
            aria-label="期間"
            size="small"
            style={{ width: 130 }}
            value={periodKey}
            onChange={setPeriodKey}
            options={periods.map((p) => ({ value: p.key, label: p.label }))}
          />
          <Select
            aria-label="種類"
            size="small"
            style={{ width: 140 }}
            value={type ?? 'all'}
            onChange={(v: string) => setType(v === 'all' ? undefined : (v as ExerciseType))}
            options={[
              { value: 'all', label: 'すべての種類' },
              ...Object.entries(exerciseTypeLabels).map(([value, label]) => ({ value, label })),
            ]}
          />
        </div>
      }
    >
      <ListContainer query={summary} total={rows.length} emptyText="この期間に練習された教材はありません。">
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="教材">
          {rows.map((r, i) => (
            <li
              key={`${r.resource_id}-${r.type}`}
              data-testid="top-resource"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '8px 4px',
                borderTop: i ? '1px solid #f0f0f0' : undefined,
              }}
            >
              <span style={{ width: 22, textAlign: 'right', ...muted }}>{i + 1}</span>
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ fontWeight: 500 }}>{r.title}</div>
                <div style={{ ...muted, fontSize: 12 }}>
                  <Tag style={{ marginRight: 6 }}>{typeLabel(r.type)}</Tag>
                  {r.student_count}人・{r.session_count}回{r.duration_ms > 0 ? `・${duration(r.duration_ms)}` : ''}
                </div>
              </div>
              <div style={{ textAlign: 'right', minWidth: 120, fontSize: 13 }}>
                平均 <Score value={r.average_score} average />
                <br />
                最高 <Score value={r.best_score} />
              </div>
              <Button size="small" disabled={r.resource_id === null} onClick={() => setOpen(r)}>
                くわしく
              </Button>
            </li>
          ))}
        </ol>
      </ListContainer>
      {open && open.resource_id !== null && (
        <ResourceDrawer
          resourceId={open.resource_id}
          title={open.title}
          classId={classId}
          period={period}
          onClose={() => setOpen(null)}
        />
      )}
    </Section>
  );
}

const stateColor = { scheduled: 'blue', open: 'green', overdue: 'orange', finished: 'default' } as const;

function NewHomework() {
  const summary = useNewHomeworkSummary();
  const list = useListState('self-practice-new-homework', { pageSize: selfPracticeLimits.newHomeworkPageSize });
  const page = useNewHomeworkList({ page: list.page, limit: list.pageSize });
  const s = summary.data;
  return (
    <Section title={`新しく配信した宿題（${selfPracticeLimits.newHomeworkDays}日以内）`}>
      {readFailure(summary) ??
        (s && (
          <div
            style={{ display: 'flex', gap: 24, marginBottom: 12, flexWrap: 'wrap' }}
            data-testid="new-homework-summary"
          >
            <span>
              配信 <strong>{s.homework_count}件</strong>（実施中 {s.open_count}件）
            </span>
            <span>
              提出 <strong>{s.submitted_count}</strong>/{s.assigned_count}人
            </span>
            <span>
              提出率 <strong>{s.submission_rate === null ? DASH : `${s.submission_rate.toFixed(1)}%`}</strong>
            </span>
          </div>
        ))}
      <ListContainer
        query={page}
        total={page.data?.total ?? 0}
        list={list}
        emptyText="この2週間に配信した宿題はありません。"
      >
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="新しい宿題">
          {(page.data?.rows ?? []).map((h, i) => (
            <li
              key={h.homework_id}
              data-testid="new-homework"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '8px 4px',
                borderTop: i ? '1px solid #f0f0f0' : undefined,
              }}
            >
              <Tag color={stateColor[h.state]}>{homeworkStateLabels[h.state]}</Tag>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Link to={paths.homeworkDetails.getHref(h.homework_id)}>{h.title}</Link>
                <div style={{ ...muted, fontSize: 12 }}>
                  {h.team?.name ?? '個別の生徒'}・{formatDate(h.start_time)}〜{formatDate(h.end_time)}
                </div>
              </div>
              <div style={{ minWidth: 150 }}>
                <div style={{ fontSize: 12, ...muted }}>
                  提出 {h.submitted_count}/{h.assigned_count}人
                </div>
                <div
                  role="progressbar"
                  aria-label={`${h.title}の提出率`}
                  aria-valuenow={h.submission_rate ?? 0}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  style={{ height: 6, background: '#f0f0f0', borderRadius: 3, overflow: 'hidden' }}
                >
                  <div style={{ width: `${h.submission_rate ?? 0}%`, height: '100%', background: '#52c41a' }} />
                </div>
              </div>
              <strong style={{ width: 56, textAlign: 'right' }}>
                {h.submission_rate === null ? DASH : `${Math.round(h.submission_rate)}%`}
              </strong>
            </li>
          ))}
        </ul>
      </ListContainer>
    </Section>
  );
}
