import { z } from 'zod';
import { defineCall, idField } from '../define.js';
import { messages } from '../messages.js';
import { classRef } from './classes.js';
import { rankingMessages } from './rankings.js';

/**
 * Term reports (docs/rankings.md, "Reports"): a child's term for the guardians and a class's term
 * for the teacher, each a screen with charts and tables, printable on A4. The period is this term
 * unless dates are given. Served by apps/server/src/modules/reports.
 */

export const reportLimits = {
  maxPeriodDays: 366,
  bestRecordings: 5,
  words: 15,
  mostImproved: 5,
} as const;

/** Bands of the class's score distribution (each child's mean of their best score per material). */
export const reportScoreBands = [
  { key: '0-39', label: '40点未満', min: 0, max: 40 },
  { key: '40-59', label: '40〜59点', min: 40, max: 60 },
  { key: '60-69', label: '60〜69点', min: 60, max: 70 },
  { key: '70-79', label: '70〜79点', min: 70, max: 80 },
  { key: '80-89', label: '80〜89点', min: 80, max: 90 },
  { key: '90-100', label: '90点以上', min: 90, max: 101 },
] as const;

const day = z.iso.date({ error: messages.badRequest });
const DAY_MS = 86_400_000;
const periodFields = { start_time: day.optional(), end_time: day.optional() };
const checkPeriod = (v: { start_time?: string | undefined; end_time?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!v.start_time || !v.end_time) {
    if (v.start_time || v.end_time)
      ctx.addIssue({ code: 'custom', message: rankingMessages.customNeedsDates, path: ['start_time'] });
    return;
  }
  const span = (Date.parse(v.end_time) - Date.parse(v.start_time)) / DAY_MS;
  if (span < 0) ctx.addIssue({ code: 'custom', message: rankingMessages.endBeforeStart, path: ['end_time'] });
  else if (span + 1 > reportLimits.maxPeriodDays)
    ctx.addIssue({ code: 'custom', message: rankingMessages.periodTooLong, path: ['end_time'] });
};

export const reportPeriod = z.object({ label: z.string(), start_date: z.string(), end_date: z.string() });

const weekPoint = z.object({
  /** The week's Monday (YYYY-MM-DD). */
  week: z.string(),
  average_score: z.number().nullable(),
  submissions: z.number().int(),
});

export const studentReport = z.object({
  student: z.object({
    student_id: z.string(),
    name: z.string(),
    number: z.string().nullable(),
    grade_name: z.string(),
    class_name: z.string(),
    teams: z.array(classRef),
  }),
  period: reportPeriod,
  homework: z.object({ assigned: z.number().int(), submitted: z.number().int(), rate: z.number().nullable() }),
  totals: z.object({
    submissions: z.number().int(),
    duration_ms: z.number().int(),
    average_score: z.number().nullable(),
    points: z.number().int(),
    longest_streak: z.number().int(),
  }),
  scores_over_time: z.array(weekPoint),
  best_recordings: z.array(
    z.object({
      attempt_id: z.number().int(),
      title: z.string(),
      type: z.string(),
      score: z.number(),
      created_at: z.string(),
      /** A signed, expiring URL of the recording (null when none was kept). */
      recording_url: z.string().nullable(),
    }),
  ),
  words_mastered: z.array(z.object({ word: z.string(), average_score: z.number(), count: z.number().int() })),
  words_missed: z.array(z.object({ word: z.string(), miss_count: z.number().int(), count: z.number().int() })),
  /** The teacher's last encouragement in the period (words and stamps), null without one. */
  teacher_comment: z
    .object({ body: z.string(), motivation_ids: z.array(z.number().int()), created_at: z.string() })
    .nullable(),
});
export type StudentReport = z.infer<typeof studentReport>;

export const getStudentReport = defineCall({
  method: 'GET',
  path: '/api/v2/reports/get-student-rpt',
  access: 'teacher',
  tag: 'reports',
  summary:
    "A child's term (or the given dates): homework done, scores over time, best recordings, words mastered and still missed, the teacher's comment",
  input: z
    .object({ student_id: z.string({ error: messages.badRequest }).trim().min(1).max(100), ...periodFields })
    .superRefine(checkPeriod),
  output: studentReport,
});

export const classReport = z.object({
  team: classRef,
  period: reportPeriod,
  participation: z.object({
    student_count: z.number().int(),
    active_count: z.number().int(),
    rate: z.number().nullable(),
    weekly: z.array(z.object({ week: z.string(), active_count: z.number().int() })),
  }),
  score_distribution: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
  hardest_words: z.array(z.object({ word: z.string(), miss_count: z.number().int(), student_count: z.number().int() })),
  most_improved: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      first_average: z.number(),
      last_average: z.number(),
      delta: z.number(),
    }),
  ),
  students: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      number: z.string().nullable(),
      submissions: z.number().int(),
      average_score: z.number().nullable(),
      homework_done: z.number().int(),
      points: z.number().int(),
    }),
  ),
});
export type ClassReport = z.infer<typeof classReport>;

export const getClassReport = defineCall({
  method: 'GET',
  path: '/api/v2/reports/get-team-rpt',
  access: 'teacher',
  tag: 'reports',
  summary:
    "A class's term (or the given dates): participation, score distribution, hardest words, most improved, each child's figures",
  input: z.object({ team_id: idField, ...periodFields }).superRefine(checkPeriod),
  output: classReport,
});
