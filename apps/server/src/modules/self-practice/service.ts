import {
  selfPracticeLimits,
  selfPracticeMessages,
  type CallOutput,
  type getCurrentMonthSummary,
} from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { xlsxFileName } from '../downloads/index.js';
import { createXlsx } from '../../lib/xlsx-writer.js';
import { monthRange, periodOf, requestedRange, type DateRange } from './period.js';
import { presentStudent, presentStudentMonth, presentMonth, presentTotals } from './presenter.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;

/** The period a call asked for (default: this month), refused when reversed or longer than the limit. */
export function rangeOf(now: Date, q: { start_date?: string; end_date?: string }): DateRange {
  const range = requestedRange(now, q);
  const span = (Date.parse(range.end_date) - Date.parse(range.start_date)) / DAY_MS;
  if (span < 0) throw AppError.badRequest(selfPracticeMessages.periodWrong);
  if (span + 1 > selfPracticeLimits.maxPeriodDays) throw AppError.badRequest(selfPracticeMessages.periodTooLong);
  return range;
}

export type MonthSummary = CallOutput<typeof getCurrentMonthSummary>;

/** This month and last month (Japan) per class and per (class, child). */
export async function currentMonthSummary(db: DbOrTx, scope: repo.Scope, now: Date): Promise<MonthSummary> {
  const current = monthRange(now, 0);
  const last = monthRange(now, -1);
  const months = { current: periodOf(current), last: periodOf(last) };
  const [studentCount, curTotals, lastTotals, classes, byClass, byStudent] = await Promise.all([
    repo.countStudents(db, scope),
    repo.totals(db, scope, months.current),
    repo.totals(db, scope, months.last),
    repo.classesInScope(db, scope),
    repo.monthByClass(db, scope, months),
    repo.monthByStudent(db, scope, months),
  ]);
  const none: repo.TotalsRecord = { practised: 0, sessions: 0, duration: 0, average: null, days: 0 };
  const orderInClass = new Map<number, number>();
  return {
    month_label: `${current.year}年${current.month}月`,
    this_month: {
      start_date: current.start_date,
      end_date: current.end_date,
      totals: presentTotals(curTotals, studentCount),
    },
    last_month: {
      start_date: last.start_date,
      end_date: last.end_date,
      totals: presentTotals(lastTotals, studentCount),
    },
    teams: classes.map((c) => ({
      team_id: c.id,
      name: c.name,
      student_count: c.students,
      this_month: presentMonth(byClass.get(c.id)?.current ?? none),
      last_month: presentMonth(byClass.get(c.id)?.last ?? none),
    })),
    students: byStudent.map((c) => {
      const order = (orderInClass.get(c.classId) ?? 0) + 1;
      orderInClass.set(c.classId, order);
      return {
        ...presentStudent(c),
        team_id: c.classId,
        team_name: c.className,
        order,
        this_month: presentStudentMonth(c.current),
        last_month: presentStudentMonth(c.last),
      };
    }),
  };
}

const minutes = (ms: number) => Math.round(ms / 6000) / 10;
/** An attendance number as a number when it is one (sorts in Excel), else the text. */
const numberCell = (n: string | null) => (n && /^\d{1,9}$/.test(n) ? Number(n) : (n ?? ''));

/**
 * This month's summary as xlsx: sheet クラス別 (one row per class, then 合計) and sheet 生徒別
 * (one row per class and child, in register order). Strings are inline strings, never formulas.
 */
export async function currentMonthXlsx(summary: MonthSummary, className: string | null, now: Date) {
  const book = createXlsx({ at: now });
  const classes = book.sheet('クラス別', {
    freeze: { rows: 1 },
    wrapHeader: true,
    columns: [
      { header: 'クラス', key: 'name', width: 18 },
      { header: '人数', key: 'students', width: 7 },
      { header: '練習した人数', key: 'practised', width: 12 },
      { header: '練習回数', key: 'sessions', width: 9 },
      { header: '練習日数', key: 'days', width: 9 },
      { header: '録音時間(分)', key: 'minutes', width: 12 },
      { header: '平均点', key: 'average', width: 8 },
      { header: '先月の練習回数', key: 'lastSessions', width: 14 },
      { header: '先月の録音時間(分)', key: 'lastMinutes', width: 17 },
      { header: '先月の平均点', key: 'lastAverage', width: 12 },
      { header: '練習回数の増減', key: 'delta', width: 14 },
    ],
  });
  for (const c of summary.teams)
    classes.row({
      name: c.name,
      students: c.student_count,
      practised: c.this_month.practised_student_count,
      sessions: c.this_month.session_count,
      days: c.this_month.practice_days,
      minutes: minutes(c.this_month.duration_ms),
      average: c.this_month.average_score,
      lastSessions: c.last_month.session_count,
      lastMinutes: minutes(c.last_month.duration_ms),
      lastAverage: c.last_month.average_score,
      delta: c.this_month.session_count - c.last_month.session_count,
    });
  const cur = summary.this_month.totals;
  const prev = summary.last_month.totals;
  classes.row(
    {
      name: '合計',
      students: cur.student_count,
      practised: cur.practised_student_count,
      sessions: cur.session_count,
      days: cur.practice_days,
      minutes: minutes(cur.duration_ms),
      average: cur.average_score,
      lastSessions: prev.session_count,
      lastMinutes: minutes(prev.duration_ms),
      lastAverage: prev.average_score,
      delta: cur.session_count - prev.session_count,
    },
    { bold: true },
  );

  const studentRows = book.sheet('生徒別', {
    freeze: { rows: 1, columns: 3 },
    wrapHeader: true,
    columns: [
      { header: 'クラス', key: 'team', width: 14 },
      { header: '出席番号', key: 'number', width: 9 },
      { header: '氏名', key: 'name', width: 16 },
      { header: 'ふりがな', key: 'furigana', width: 18 },
      { header: '生徒ID', key: 'loginId', width: 16 },
      { header: '練習日数', key: 'days', width: 9 },
      { header: '練習回数', key: 'sessions', width: 9 },
      { header: '録音時間(分)', key: 'minutes', width: 12 },
      { header: '平均点', key: 'average', width: 8 },
      { header: '先月の練習回数', key: 'lastSessions', width: 14 },
      { header: '先月の録音時間(分)', key: 'lastMinutes', width: 17 },
      { header: '先月の平均点', key: 'lastAverage', width: 12 },
    ],
  });
  for (const c of summary.students)
    studentRows.row({
      team: c.team_name,
      number: numberCell(c.number),
      name: c.name,
      furigana: c.furigana,
      loginId: c.student_id,
      days: c.this_month.practice_days,
      sessions: c.this_month.session_count,
      minutes: minutes(c.this_month.duration_ms),
      average: c.this_month.average_score,
      lastSessions: c.last_month.session_count,
      lastMinutes: minutes(c.last_month.duration_ms),
      lastAverage: c.last_month.average_score,
    });
  const body = await book.finish();
  return { filename: xlsxFileName(['自主学習', className ?? '', summary.month_label], now), body };
}
