import { schoolClock, scoreBands } from '@ondoku/contract';
import { Button, Select, Space } from 'antd';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { panel } from '@ondoku/ui';
import { useClassList } from '../../../lib/queries';
import { formatDate } from '../../../lib/dates';

/**
 * Building blocks of the learning statistics screens (docs/learning-statistics.md): the filters
 * kept in the address (class, child, period, unit: a period change can be bookmarked and
 * survives a reload), Japanese dates, the colour-blind-safe palette and the 80/60 score bands.
 */

export const DASH = '—';
export const muted: CSSProperties = { color: 'rgba(0,0,0,0.6)' };

/**
 * Okabe–Ito colours: told apart with every common colour-vision deficiency and in greyscale
 * print (each series also has its own line dash or marker, and its numbers are in the table).
 */
export const palette = {
  blue: '#0072B2',
  orange: '#E69F00',
  green: '#009E73',
  vermillion: '#D55E00',
  sky: '#56B4E9',
  purple: '#CC79A7',
  black: '#000000',
} as const;

/** The product's score bands: 80 and above good, 60 and above medium, below 60 bad; a symbol too, for print. */
export type Band = 'good' | 'medium' | 'bad';
export const bandOf = (score: number): Band =>
  score >= scoreBands.good ? 'good' : score >= scoreBands.medium ? 'medium' : 'bad';
export const bandStyle: Record<Band, { background: string; color: string; symbol: string; label: string }> = {
  good: { background: '#CFE4F5', color: '#003F66', symbol: '◎', label: `${scoreBands.good}点以上` },
  medium: {
    background: '#FBE3B0',
    color: '#5C3D00',
    symbol: '○',
    label: `${scoreBands.medium}〜${scoreBands.good - 1}点`,
  },
  bad: { background: '#F6C7AE', color: '#6B2600', symbol: '△', label: `${scoreBands.medium}点未満` },
};

export function BandLegend() {
  return (
    <Space size={12} wrap style={{ fontSize: 12 }} aria-label="色の凡例">
      {(['good', 'medium', 'bad'] as const).map((b) => (
        <span key={b} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span style={{ ...cellBox, background: bandStyle[b].background, color: bandStyle[b].color }}>
            {bandStyle[b].symbol}
          </span>
          {bandStyle[b].label}
        </span>
      ))}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <span style={{ ...cellBox, background: '#F2F2F2' }}>{DASH}</span>
        未練習
      </span>
    </Space>
  );
}
const cellBox: CSSProperties = {
  display: 'inline-block',
  minWidth: 22,
  textAlign: 'center',
  borderRadius: 3,
  padding: '0 4px',
};

/** 2026年4月8日(水) for a calendar date of a reply (2026-04-08, a date in Japan). */
export const dateLabel = (date: string) => formatDate(`${date}T00:00:00+09:00`);
/** 4/8: the short form on a chart's axis. */
export const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
/** 2026年4月: a month bucket. */
export const monthLabel = (date: string) => `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月`;
/** The label of a bucket by its unit: 4月8日〜 (a week), 2026年4月 (a month), 2026年4月8日(水) (a day). */
export const bucketLabel = (date: string, unit: 'day' | 'week' | 'month') =>
  unit === 'month' ? monthLabel(date) : unit === 'week' ? `${dateLabel(date)}〜` : dateLabel(date);

/** Minutes of recorded time, one decimal below ten. */
export const minutes = (ms: number) => {
  const m = ms / 60_000;
  return m < 10 ? Math.round(m * 10) / 10 : Math.round(m);
};
export const minutesLabel = (ms: number) => `${minutes(ms)}分`;
export const scoreLabel = (s: number | null) => (s === null ? DASH : `${s}点`);

export function Panel({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      style={{ ...panel, display: 'flex', flexDirection: 'column', gap: 12, overflowX: 'auto' }}
      data-testid={testId}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>
        <span style={{ flex: 1 }} />
        {extra}
      </div>
      {children}
    </section>
  );
}

export interface StatsFilterValues {
  classId: number | null;
  loginId: string | null;
  startDate: string | undefined;
  endDate: string | undefined;
  unit: string | undefined;
  extra: URLSearchParams;
}

/**
 * What every statistics call is asked for from the filters: the class and the period (the dates
 * the teacher chose, else the server's default); null until a class is known.
 */
export function scopeOf(values: StatsFilterValues) {
  if (values.classId === null) return null;
  return {
    team_id: values.classId,
    ...(values.startDate ? { start_date: values.startDate } : {}),
    ...(values.endDate ? { end_date: values.endDate } : {}),
  };
}

/** The filters of a statistics screen, kept in the address; the first class is chosen when none is. */
export function useStatsFilters() {
  const [params, setParams] = useSearchParams();
  const classes = useClassList();
  const rows = classes.data?.rows ?? [];
  const asked = Number(params.get('team_id'));
  const classId = rows.some((c) => c.team_id === asked) ? asked : (rows[0]?.team_id ?? null);
  const values: StatsFilterValues = {
    classId,
    loginId: params.get('student_id'),
    startDate: params.get('start_date') ?? undefined,
    endDate: params.get('end_date') ?? undefined,
    unit: params.get('unit') ?? undefined,
    extra: params,
  };
  const set = (changes: Record<string, string | number | null | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes))
          if (v === null || v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        return next;
      },
      { replace: true },
    );
  return { values, set, classes: rows, classesLoading: classes.isPending };
}

const todayInJapan = () => {
  const c = schoolClock(Date.now());
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
};
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const schoolYearStart = (date: string) => `${Number(date.slice(0, 4)) - (date.slice(5, 7) < '04' ? 1 : 0)}-04-01`;

/** Quick periods: 直近4週間, 直近12週間, 今年度 (from 1 April). */
export const presetPeriods = () => {
  const today = todayInJapan();
  return [
    { key: '4w', label: '直近4週間', start: daysBefore(today, 27), end: today },
    { key: '12w', label: '直近12週間', start: daysBefore(today, 83), end: today },
    { key: 'year', label: '今年度', start: schoolYearStart(today), end: today },
  ];
};

/**
 * Class, period (two dates and the quick periods) and, where the screen has them, the child and
 * the unit. `period` is the period the server answered for (the default when none was asked).
 */
export function StatsFilters({
  filters,
  period,
  students,
  units,
  children,
}: {
  filters: ReturnType<typeof useStatsFilters>;
  period: { start_date: string; end_date: string } | undefined;
  students?: { student_id: string; name: string }[];
  units?: { value: string; label: string }[];
  children?: ReactNode;
}) {
  const { values, set, classes } = filters;
  const start = values.startDate ?? period?.start_date ?? '';
  const end = values.endDate ?? period?.end_date ?? '';
  useEffect(() => {
    // A child of another class is not kept when the class changes.
    if (values.loginId && students && !students.some((s) => s.student_id === values.loginId)) set({ student_id: null });
  }, [values.loginId, students]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div
      style={{ ...panel, display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}
      data-testid="stats-filters"
    >
      <Select
        aria-label="クラス"
        style={{ width: 180 }}
        value={values.classId ?? undefined}
        placeholder="クラス"
        onChange={(v: number) => set({ team_id: v, student_id: null })}
        options={classes.map((c) => ({ value: c.team_id, label: c.name }))}
      />
      {students && (
        <Select
          aria-label="児童"
          style={{ width: 180 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="クラス全体"
          value={values.loginId ?? undefined}
          onChange={(v: string | undefined) => set({ student_id: v ?? null })}
          options={students.map((s) => ({ value: s.student_id, label: s.name }))}
        />
      )}
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        期間
        <input
          type="date"
          aria-label="開始日"
          value={start}
          max={end || undefined}
          onChange={(e) => set({ start_date: e.target.value })}
          style={dateInput}
        />
        〜
        <input
          type="date"
          aria-label="終了日"
          value={end}
          min={start || undefined}
          onChange={(e) => set({ end_date: e.target.value })}
          style={dateInput}
        />
      </label>
      <Space size={4} wrap>
        {presetPeriods().map((p) => (
          <Button
            key={p.key}
            size="small"
            type={start === p.start && end === p.end ? 'primary' : 'default'}
            onClick={() => set({ start_date: p.start, end_date: p.end })}
          >
            {p.label}
          </Button>
        ))}
      </Space>
      {units && (
        <Select
          aria-label="集計単位"
          style={{ width: 110 }}
          value={values.unit ?? units[0]!.value}
          onChange={(v: string) => set({ unit: v })}
          options={units}
        />
      )}
      {children}
    </div>
  );
}
const dateInput: CSSProperties = {
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  padding: '3px 8px',
  font: 'inherit',
};

/** The links every statistics screen offers: the other screens and this month's self-practice summary (and its Excel file). */
export function StatsLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <nav aria-label="学習状況" style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 13 }}>
      {links.map((l) => (
        <Link key={l.href} to={l.href}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
