import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { classRef } from './classes.js';
import { XLSX_TYPE } from './files.js';
import { homeworkStates } from './homework.js';
import { exerciseTypes } from './library.js';

/**
 * Self-practice as the teacher sees it (docs/self-practice.md): the
 * exercise-* calls of the Study survey group and the /homework-self-home screen. Children
 * practise library material outside homework (attempts with homework_id null, modules/learn);
 * these calls summarise what the teacher's own classes' children did, per period, class,
 * exercise type, resource and child, and list the homework the teacher handed out recently
 * (the "what is new" panel). Served by apps/server/src/modules/self-practice.
 */

export const selfPracticeLimits = {
  /** Longest period one summary covers (a school year and a day). */
  maxPeriodDays: 366,
  /** Most practised resources listed by exercise-summary. */
  topResources: 10,
  /** new-homework-*: homework delivered within this many days counts as new. */
  newHomeworkDays: 14,
  newHomeworkPageSize: 10,
  logsPageSize: 20,
} as const;

export const selfPracticeMessages = {
  periodWrong: '期間の指定が正しくありません。',
  periodTooLong: `期間は${selfPracticeLimits.maxPeriodDays}日以内で指定してください。`,
  /** The empty state of /homework-self-home. */
  empty: 'まだ自主学習をした子どもはいません。ライブラリの教材で練習すると、ここに表示されます。',
} as const;

export const selfPracticePeriodKeys = ['this_month', 'last_month', 'last_7_days', 'last_30_days', 'this_year'] as const;
export type SelfPracticePeriodKey = (typeof selfPracticePeriodKeys)[number];
export const selfPracticePeriodLabels: Record<SelfPracticePeriodKey, string> = {
  this_month: '今月',
  last_month: '先月',
  last_7_days: '直近7日間',
  last_30_days: '直近30日間',
  this_year: '今年度',
};

/** A calendar date (Japan) in a query: 2026-04-08. */
const day = z.iso.date({ error: messages.badRequest });

const DAY_MS = 86_400_000;

/** start_date/end_date (both optional; default: this month in Japan). end ≥ start, ≤ maxPeriodDays. */
const periodFields = { start_date: day.optional(), end_date: day.optional() };
type PeriodInput = { start_date?: string | undefined; end_date?: string | undefined };
const checkPeriod = (v: PeriodInput, ctx: z.RefinementCtx) => {
  if (!v.start_date || !v.end_date) return;
  const span = (Date.parse(v.end_date) - Date.parse(v.start_date)) / DAY_MS;
  if (span < 0) ctx.addIssue({ code: 'custom', message: selfPracticeMessages.periodWrong, path: ['end_date'] });
  else if (span + 1 > selfPracticeLimits.maxPeriodDays)
    ctx.addIssue({ code: 'custom', message: selfPracticeMessages.periodTooLong, path: ['end_date'] });
};

const nullableScore = z.number().nullable();

/** What the children did in a period: who practised, how often, how long, how well. */
export const practiceTotals = z.object({
  /** Children in scope (the teacher's classes, or the one class). */
  student_count: z.number().int(),
  /** Of them, how many submitted at least one self-practice. */
  practised_student_count: z.number().int(),
  /** Self-practice submissions. */
  session_count: z.number().int(),
  /** Recorded time, summed. */
  duration_ms: z.number().int(),
  /** Mean score of the submissions (one decimal); null without any. */
  average_score: nullableScore,
  /** Child-days with practice (a child practising on 3 days counts 3). */
  practice_days: z.number().int(),
});
export type PracticeTotals = z.infer<typeof practiceTotals>;

export const periodRef = z.object({ start_date: z.string(), end_date: z.string() });

export const getExerciseSearchFilter = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/exercise-search-filter2',
  access: 'teacher',
  tag: 'self-practice',
  summary: "The self-practice filters: the teacher's classes, the exercise types and the periods (dates in Japan)",
  input: empty,
  output: z.object({
    teams: z.array(classRef),
    types: z.array(z.object({ value: z.enum(exerciseTypes), label: z.string() })),
    periods: z.array(periodRef.extend({ key: z.enum(selfPracticePeriodKeys), label: z.string() })),
  }),
});

const summaryInput = z
  .object({ team_id: idField.optional(), type: z.enum(exerciseTypes).optional(), ...periodFields })
  .superRefine(checkPeriod);

export const typeSummaryRow = practiceTotals.omit({ student_count: true }).extend({ type: z.enum(exerciseTypes) });
export const resourceSummaryRow = z.object({
  /** Null when the material has since been deleted from the library. */
  resource_id: z.number().int().nullable(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  student_count: z.number().int(),
  session_count: z.number().int(),
  duration_ms: z.number().int(),
  average_score: nullableScore,
  best_score: nullableScore,
  last_at: z.string(),
});
export type ResourceSummaryRow = z.infer<typeof resourceSummaryRow>;

export const getExerciseSummary = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/exercise-summary',
  access: 'teacher',
  tag: 'self-practice',
  summary:
    "Self-practice of the teacher's children in a period (one class, one type): totals, per type, the most practised resources",
  input: summaryInput,
  output: periodRef.extend({
    totals: practiceTotals,
    by_type: z.array(typeSummaryRow),
    top_resources: z.array(resourceSummaryRow),
  }),
});

export const practiceStudent = z.object({
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  number: z.string().nullable(),
});

export const resourceStudentRow = practiceStudent.extend({
  session_count: z.number().int(),
  duration_ms: z.number().int(),
  best_score: z.number(),
  average_score: z.number(),
  last_score: z.number(),
  last_at: z.string(),
});

export const getResourceExerciseDetails = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/resource-exercise-details',
  access: 'teacher',
  tag: 'self-practice',
  summary:
    'One library resource: which of the teacher’s children practised it in a period, how often, their best scores',
  input: z.object({ resource_id: idField, team_id: idField.optional(), ...periodFields }).superRefine(checkPeriod),
  output: periodRef.extend({
    resource: z.object({
      resource_id: z.number().int(),
      title: z.string(),
      type: z.enum(exerciseTypes),
      item_count: z.number().int(),
    }),
    totals: practiceTotals.omit({ student_count: true, practice_days: true }).extend({ best_score: nullableScore }),
    rows: z.array(resourceStudentRow),
  }),
});

export const practiceLogAnswer = z.object({
  question_id: z.number().int(),
  score: z.number(),
  duration_ms: z.number().int().nullable(),
  /** A signed, expiring URL of the recording; null when none is kept or it cannot be served. */
  sound_file: z.string().nullable(),
  /** Choice items: whether the answer was right (null for spoken items). */
  correct: z.boolean().nullable(),
});

export const practiceLogRow = practiceStudent.extend({
  attempt_id: z.number().int(),
  created_at: z.string(),
  score: z.number(),
  accuracy_score: nullableScore,
  fluency_score: nullableScore,
  integrity_score: nullableScore,
  duration_ms: z.number().int(),
  answers: z.array(practiceLogAnswer),
});
export type PracticeLogRow = z.infer<typeof practiceLogRow>;

export const getResourceExerciseLogs = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/resource-exercise-logs',
  access: 'teacher',
  tag: 'self-practice',
  summary:
    "One resource's self-practice submissions (one child's, or every child's of the teacher), newest first, with recordings",
  input: z
    .object({
      resource_id: idField,
      /** A child's login id; all the teacher's children without it. */
      student_id: z.string().trim().min(1).max(100).optional(),
      team_id: idField.optional(),
      page: queryInt(1, 100_000),
      limit: queryInt(selfPracticeLimits.logsPageSize, 100),
      ...periodFields,
    })
    .superRefine(checkPeriod),
  output: pageOf(practiceLogRow),
});

const monthTotals = practiceTotals.omit({ student_count: true });
export const monthClassRow = classRef.extend({
  student_count: z.number().int(),
  this_month: monthTotals,
  last_month: monthTotals,
});
export const monthStudentRow = practiceStudent.extend({
  team_id: z.number().int(),
  team_name: z.string(),
  /** Register order within the class (学年, 組, 出席番号, ふりがな): the table's default order. */
  order: z.number().int(),
  this_month: monthTotals.omit({ practised_student_count: true }),
  last_month: monthTotals.omit({ practised_student_count: true }),
});
export type MonthStudentRow = z.infer<typeof monthStudentRow>;
export type MonthClassRow = z.infer<typeof monthClassRow>;

export const getCurrentMonthSummary = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/current-month-summary',
  access: 'teacher',
  tag: 'self-practice',
  summary: 'This month’s self-practice (Japan) per class and per child, beside last month’s',
  input: z.object({ team_id: idField.optional() }),
  output: z.object({
    /** 2026年11月 */
    month_label: z.string(),
    this_month: periodRef.extend({ totals: practiceTotals }),
    last_month: periodRef.extend({ totals: practiceTotals }),
    teams: z.array(monthClassRow),
    /** One row per child and class (a child in two classes appears under both). */
    students: z.array(monthStudentRow),
  }),
});

export const exportCurrentMonthSummary = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/export-current-month-summary',
  access: 'teacher',
  tag: 'self-practice',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: 'This month’s self-practice per class and per child as xlsx (blob; sheets クラス別, 生徒別)',
  input: z.object({ team_id: idField.optional() }),
  output: z.string().meta({ format: 'binary' }),
});

export const getNewHomeworkSummary = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/new-homework-summary',
  access: 'teacher',
  tag: 'self-practice',
  summary: `Homework the teacher handed out in the last ${selfPracticeLimits.newHomeworkDays} days: how many, assigned, submitted`,
  input: empty,
  output: z.object({
    days: z.number().int(),
    homework_count: z.number().int(),
    open_count: z.number().int(),
    assigned_count: z.number().int(),
    submitted_count: z.number().int(),
    /** submitted / assigned in %, one decimal; null when nothing was assigned. */
    submission_rate: nullableScore,
  }),
});

export const newHomeworkRow = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  team: classRef.nullable(),
  state: z.enum(homeworkStates),
  start_time: z.string(),
  end_time: z.string(),
  assigned_count: z.number().int(),
  submitted_count: z.number().int(),
  submission_rate: nullableScore,
});
export type NewHomeworkRow = z.infer<typeof newHomeworkRow>;

export const getNewHomeworkList = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/new-homework-list',
  access: 'teacher',
  tag: 'self-practice',
  summary: `A page of the homework handed out in the last ${selfPracticeLimits.newHomeworkDays} days, newest first, with submission rates`,
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(selfPracticeLimits.newHomeworkPageSize, 100),
  }),
  output: pageOf(newHomeworkRow),
});
