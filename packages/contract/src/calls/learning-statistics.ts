import { z } from 'zod';
import { defineCall } from '../define.js';
import { messages } from '../messages.js';
import { classRef } from './classes.js';
import { downloadTaskRow, learningStatisticsDownloadKinds } from './downloads.js';
import { exerciseTypes } from './library.js';

/**
 * Learning statistics (docs/learning-statistics.md): the teacher's screens /progress-graph,
 * /usage-amount, /statistics/word-progress and /student-manage/intelligence. Every call reads one
 * of the teacher's classes (team_id) over a period of Japanese calendar dates; a child is named by
 * login id (student_id). Scores come from the children's submissions (attempts), sounds from the
 * evaluator's phone judgements stored with every reading. Served by
 * apps/server/src/modules/learning-statistics.
 */

export const learningStatisticsLimits = {
  /** Longest period one call covers (a school year and a day). */
  maxPeriodDays: 366,
  /** Days without a submission after which a child who practised before is marked as stopped. */
  stoppedDays: 14,
  /** A drop of the mean score by this many points from the first half of the period to the second is marked. */
  dropPoints: 10,
  /** Words listed as the class's most missed. */
  mostMissed: 10,
  /** Sounds a child needs this many judgements of before they count as a strength or a weakness. */
  minJudgements: 3,
  /** Sounds offered for a practice homework (the class's worst). */
  practiceSounds: 3,
  /** Library materials suggested for a practice homework. */
  practiceResources: 5,
} as const;

export const learningStatisticsMessages = {
  periodWrong: '期間の指定が正しくありません。',
  periodTooLong: `期間は${learningStatisticsLimits.maxPeriodDays}日以内で指定してください。`,
  classRequired: 'クラスを選択してください。',
  noWordBook: '単語帳がまだありません。',
  partWrong: 'パートの指定が正しくありません。',
} as const;

/** Score bands of the product (80 and above good, 60 and above medium, below 60 bad). */
export const scoreBands = { good: 80, medium: 60 } as const;

/** A calendar date (Japan) in a query: 2026-04-08. */
const day = z.iso.date({ error: messages.badRequest });
const DAY_MS = 86_400_000;

type PeriodInput = { start_date?: string | undefined; end_date?: string | undefined };
const checkPeriod = (v: PeriodInput, ctx: z.RefinementCtx) => {
  if (!v.start_date || !v.end_date) return;
  const span = (Date.parse(v.end_date) - Date.parse(v.start_date)) / DAY_MS;
  if (span < 0) ctx.addIssue({ code: 'custom', message: learningStatisticsMessages.periodWrong, path: ['end_date'] });
  else if (span + 1 > learningStatisticsLimits.maxPeriodDays)
    ctx.addIssue({ code: 'custom', message: learningStatisticsMessages.periodTooLong, path: ['end_date'] });
};

const classField = z.coerce
  .number({ error: learningStatisticsMessages.classRequired })
  .int({ error: learningStatisticsMessages.classRequired })
  .min(1, { error: learningStatisticsMessages.classRequired })
  .max(2 ** 31 - 1, { error: learningStatisticsMessages.classRequired });

/** team_id (required), start_date/end_date (optional: the last 12 weeks up to today in Japan). */
const scopeFields = {
  team_id: classField,
  student_id: z.string().min(1).max(64).optional(),
  start_date: day.optional(),
  end_date: day.optional(),
};

export const statisticsPeriod = z.object({ start_date: z.string(), end_date: z.string() });
export const statisticsStudent = z.object({
  student_id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
});
export type StatisticsStudent = z.infer<typeof statisticsStudent>;
const nullableScore = z.number().nullable();

// ---------------------------------------------------------------- progress graph

export const progressUnits = ['week', 'month'] as const;
export type ProgressUnit = (typeof progressUnits)[number];
export const progressUnitLabels: Record<ProgressUnit, string> = { week: '週ごと', month: '月ごと' };

/** The scores and practice of one period bucket (means of submissions; null without any). */
export const progressPoint = z.object({
  score: nullableScore,
  accuracy: nullableScore,
  fluency: nullableScore,
  integrity: nullableScore,
  practice_count: z.number().int(),
  duration_ms: z.number().int(),
});
export type ProgressPoint = z.infer<typeof progressPoint>;

export const progressBucket = z.object({
  /** First date of the bucket (a Monday, or the 1st of a month), clipped to the period. */
  start_date: z.string(),
  /** The class: means over every submission of its children. */
  class: progressPoint,
  /** The child asked for (student_id), or null. */
  student: progressPoint.nullable(),
});

/** Why a child is marked: the score dropped, or the child stopped practising. */
export const progressAlerts = ['drop', 'stopped', 'none_yet'] as const;
export type ProgressAlert = (typeof progressAlerts)[number];
export const progressAlertLabels: Record<ProgressAlert, string> = {
  drop: '得点が下がっています',
  stopped: `${learningStatisticsLimits.stoppedDays}日以上練習していません`,
  none_yet: 'まだ練習していません',
};

export const progressStudentRow = statisticsStudent.extend({
  practice_count: z.number().int(),
  duration_ms: z.number().int(),
  average_score: nullableScore,
  /** Mean score in the first and the second half of the period (the trend). */
  first_half_score: nullableScore,
  second_half_score: nullableScore,
  last_at: z.string().nullable(),
  alerts: z.array(z.enum(progressAlerts)),
});
export type ProgressStudentRow = z.infer<typeof progressStudentRow>;

export const getProgressGraph = defineCall({
  method: 'GET',
  path: '/api/v2/statistics/progress-graph',
  access: 'teacher',
  tag: 'learning-statistics',
  summary:
    "A class's scores (total, pronunciation, fluency, completeness), practice count and recording time by week or month, optionally one child beside the class average; each child's trend with a mark when it drops or the child stops practising",
  input: z.object({ ...scopeFields, unit: z.enum(progressUnits).default('week') }).superRefine(checkPeriod),
  output: statisticsPeriod.extend({
    unit: z.enum(progressUnits),
    team: classRef,
    student: statisticsStudent.nullable(),
    buckets: z.array(progressBucket),
    students: z.array(progressStudentRow),
  }),
});

// ---------------------------------------------------------------- usage amount

export const usageUnits = ['day', 'week', 'month'] as const;
export type UsageUnit = (typeof usageUnits)[number];
export const usageUnitLabels: Record<UsageUnit, string> = { day: '日ごと', week: '週ごと', month: '月ごと' };

/** Homework and self-practice apart: submissions and recorded time. */
export const usageAmount = z.object({
  homework_count: z.number().int(),
  homework_ms: z.number().int(),
  self_count: z.number().int(),
  self_ms: z.number().int(),
});
export type UsageAmount = z.infer<typeof usageAmount>;

export const usageStudentRow = statisticsStudent.extend(usageAmount.shape).extend({
  /** Days with at least one submission. */
  practice_days: z.number().int(),
  last_at: z.string().nullable(),
});

export const getUsageAmount = defineCall({
  method: 'GET',
  path: '/api/v2/statistics/usage-amount',
  access: 'teacher',
  tag: 'learning-statistics',
  summary:
    'How much a class (or one child) practised: readings and minutes per day, week or month, homework and self-practice apart, per child, and on which weekdays and hours (Japan)',
  input: z.object({ ...scopeFields, unit: z.enum(usageUnits).default('day') }).superRefine(checkPeriod),
  output: statisticsPeriod.extend({
    unit: z.enum(usageUnits),
    team: classRef,
    student: statisticsStudent.nullable(),
    totals: usageAmount.extend({ practice_days: z.number().int(), student_count: z.number().int() }),
    buckets: z.array(usageAmount.extend({ start_date: z.string() })),
    /** weekday 0 (Sunday) – 6, hour 0–23: submissions started then; only cells with some. */
    hours: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() })),
    students: z.array(usageStudentRow),
  }),
});

// ---------------------------------------------------------------- word progress

export const wordStatuses = ['mastered', 'practising', 'missing', 'untouched'] as const;
export type WordStatus = (typeof wordStatuses)[number];
export const wordStatusLabels: Record<WordStatus, string> = {
  mastered: '習得',
  practising: '練習中',
  missing: '苦手',
  untouched: '未練習',
};

export const wordProgressWord = z.object({
  word_id: z.number().int(),
  word: z.string(),
  meaning: z.string(),
  /** Mean of the children's best scores of the word (children who read it); null when nobody did. */
  class_score: nullableScore,
  mastered: z.number().int(),
  practising: z.number().int(),
  missing: z.number().int(),
  untouched: z.number().int(),
});

export const getWordProgress = defineCall({
  method: 'GET',
  path: '/api/v2/statistics/word-progress',
  access: 'teacher',
  tag: 'learning-statistics',
  summary:
    "Per word of a word-book part and child of a class: the best judgement of the word in the child's readings (mastered ≥ 80, practising ≥ 60, missing below), the class grid and the most missed words",
  input: z
    .object({
      team_id: classField,
      book_code: z.string().min(1).max(64).optional(),
      part: z.coerce.number().int().min(1, { error: learningStatisticsMessages.partWrong }).max(1000).optional(),
      start_date: day.optional(),
      end_date: day.optional(),
    })
    .superRefine(checkPeriod),
  output: statisticsPeriod.extend({
    team: classRef,
    books: z.array(
      z.object({ code: z.string(), title: z.string(), grade: z.number().int(), max_part: z.number().int() }),
    ),
    /** The book and part shown (null: no word book installed). */
    book_code: z.string().nullable(),
    part: z.number().int().nullable(),
    words: z.array(wordProgressWord),
    students: z.array(
      statisticsStudent.extend({
        mastered: z.number().int(),
        practising: z.number().int(),
        missing: z.number().int(),
        /** One per word, in the order of `words`: the child's best score, or null when not read. */
        scores: z.array(nullableScore),
      }),
    ),
    /** word_ids of the most missed words (most children missing, then lowest class score). */
    most_missed: z.array(z.number().int()),
  }),
});

// ---------------------------------------------------------------- sounds (intelligence)

export const soundInfo = z.object({
  /** The evaluator's phone (ARPAbet, e.g. R, TH) or FINAL (a consonant ending a word). */
  sound: z.string(),
  /** How a Japanese teacher reads it: /r/ (right の r). */
  label: z.string(),
  /** What Japanese learners typically do with it. */
  hint: z.string(),
});

export const soundCell = z.object({
  sound: z.string(),
  judged: z.number().int(),
  /** Share of judgements below 60 (0–100, one decimal). */
  weak_rate: z.number(),
  /** Mean phone score (0–100, one decimal). */
  score: z.number(),
});
export type SoundCell = z.infer<typeof soundCell>;

export const practiceResource = z.object({
  resource_id: z.number().int(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  /** Words of the material that contain the sounds. */
  words: z.array(z.string()),
});

export const getSoundInsights = defineCall({
  method: 'GET',
  path: '/api/v2/statistics/sound-insights',
  access: 'teacher',
  tag: 'learning-statistics',
  summary:
    "The sounds a class's children say well and confuse, from the evaluator's stored phone judgements of their readings (by month): per child (strengths, weak sounds), the class heat map (sound × child), the class's worst sounds and library materials that train them",
  input: z
    .object({ team_id: classField, start_date: day.optional(), end_date: day.optional() })
    .superRefine(checkPeriod),
  output: statisticsPeriod.extend({
    team: classRef,
    /** Sounds with judgements in the class, worst first. */
    sounds: z.array(soundInfo.extend({ judged: z.number().int(), weak_rate: z.number(), score: z.number() })),
    students: z.array(
      statisticsStudent.extend({
        judged: z.number().int(),
        strengths: z.array(z.string()),
        weak: z.array(z.string()),
        cells: z.array(soundCell),
      }),
    ),
    /** The class's worst sounds (with enough judgements) and materials that train them. */
    practice: z.object({ sounds: z.array(z.string()), resources: z.array(practiceResource) }),
  }),
});

// ---------------------------------------------------------------- exports

export const exportLearningStatistics = defineCall({
  method: 'POST',
  path: '/api/v2/statistics/export',
  access: 'teacher',
  tag: 'learning-statistics',
  summary:
    "Make one statistics screen's tables of a class (xlsx) as a download task, with the screen's choices (period, unit, child, word book part)",
  input: z
    .object({
      kind: z.enum(learningStatisticsDownloadKinds, { error: messages.badRequest }),
      ...scopeFields,
      unit: z.enum(usageUnits).optional(),
      book_code: z.string().min(1).max(64).optional(),
      part: z.coerce.number().int().min(1, { error: learningStatisticsMessages.partWrong }).max(1000).optional(),
    })
    .superRefine(checkPeriod)
    .superRefine((v, ctx) => {
      if (v.kind === 'learning-progress' && v.unit === 'day')
        ctx.addIssue({ code: 'custom', message: messages.badRequest, path: ['unit'] });
    }),
  output: z.object({ task: downloadTaskRow }),
});
