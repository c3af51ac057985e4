import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { classRef } from './classes.js';
import { downloadTaskRow } from './downloads.js';

/**
 * The four rankings of a class (docs/rankings.md): how many exercises each child submitted, how
 * well they scored, how long they recorded and how many integral points they earned, by period
 * (this week, this month, this term, a chosen range), ties sharing a rank, with each child's change
 * since the previous period; the teacher's privacy choices for what children see; the printable
 * integral ranking. Served by apps/server/src/modules/rankings.
 */

export const rankingKinds = ['exercise_count', 'exercise_score', 'record_duration', 'integral'] as const;
export type RankingKind = (typeof rankingKinds)[number];

export const rankingKindLabels: Record<RankingKind, string> = {
  exercise_count: '練習回数',
  exercise_score: '得点',
  record_duration: '録音時間',
  integral: 'ポイント',
};

export const rankingPeriods = ['week', 'month', 'term', 'custom'] as const;
export type RankingPeriod = (typeof rankingPeriods)[number];
export const rankingPeriodLabels: Record<RankingPeriod, string> = {
  week: '今週',
  month: '今月',
  term: '今学期',
  custom: '期間指定',
};

export const rankingLimits = {
  /** The product's default page size of lists. */
  pageSize: 20,
  /** Longest chosen range (a school year and a day). */
  maxPeriodDays: 366,
  /** What "only the top N" may be set to. */
  topNMin: 1,
  topNMax: 50,
  topNDefault: 10,
  /** Classes printed at once on /integral-ranking-export. */
  exportMaxClasses: 40,
} as const;

export const rankingMessages = {
  /** The product's message for an end before its start. */
  endBeforeStart: '終了時刻が間違っています。',
  customNeedsDates: '期間の開始日と終了日を指定してください。',
  periodTooLong: `期間は${rankingLimits.maxPeriodDays}日以内で指定してください。`,
  classNotFound: 'クラスが見つかりませんでした。',
  topNRange: `表示する人数は${rankingLimits.topNMin}〜${rankingLimits.topNMax}人で指定してください。`,
  /** The children's side (kana where kanji are hard). */
  hiddenName: 'ほかの おともだち',
  closed: 'いまは ランキングは ひみつだよ。',
} as const;

/**
 * The integral points: the one rule the ranking, the export and the children's side share
 * (docs/rankings.md). Each entry is a way to earn points in the period and what it is worth; the
 * server counts them in modules/rankings/integral.ts and the screens show this table as the rule.
 */
export const integralRules = [
  { key: 'submission', label: '練習を1回提出する', points: 1 },
  { key: 'good_score', label: '1つの教材で80点以上をとる（教材ごとに1回）', points: 3 },
  { key: 'homework_done', label: '宿題をすべて提出する（宿題ごとに1回）', points: 5 },
  { key: 'streak', label: '前の日に続けて練習する（続いた日ごとに）', points: 2 },
] as const;
export type IntegralRuleKey = (typeof integralRules)[number]['key'];
export const integralPoints = Object.fromEntries(integralRules.map((r) => [r.key, r.points])) as Record<
  IntegralRuleKey,
  number
>;
/** The score that counts as good (the product's colouring: 80 and above). */
export const goodScore = 80;

/** A calendar date (Japan) in a query: 2026-04-08. */
const day = z.iso.date({ error: messages.badRequest });
const DAY_MS = 86_400_000;

export const rankingPeriodFields = {
  period: z.enum(rankingPeriods, { error: messages.badRequest }).default('week'),
  start_time: day.optional(),
  end_time: day.optional(),
};
type PeriodInput = { period: RankingPeriod; start_time?: string | undefined; end_time?: string | undefined };

/** A custom range needs both dates, end ≥ start, at most maxPeriodDays. */
export const checkRankingPeriod = (v: PeriodInput, ctx: z.RefinementCtx) => {
  if (v.start_time && v.end_time) {
    const span = (Date.parse(v.end_time) - Date.parse(v.start_time)) / DAY_MS;
    if (span < 0) ctx.addIssue({ code: 'custom', message: rankingMessages.endBeforeStart, path: ['end_time'] });
    else if (span + 1 > rankingLimits.maxPeriodDays)
      ctx.addIssue({ code: 'custom', message: rankingMessages.periodTooLong, path: ['end_time'] });
  } else if (v.period === 'custom')
    ctx.addIssue({ code: 'custom', message: rankingMessages.customNeedsDates, path: ['start_time'] });
};

/** The range a ranking covers and the one it is compared with (dates in Japan, both ends included). */
export const rankingPeriodRef = z.object({
  period: z.enum(rankingPeriods),
  label: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  previous_start_date: z.string(),
  previous_end_date: z.string(),
});
export type RankingPeriodRef = z.infer<typeof rankingPeriodRef>;

export const rankingRow = z.object({
  /** Ties share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  /** The child's login id. */
  student_id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  /** Count, score (one decimal), seconds or points, by the ranking. */
  value: z.number(),
  /** Places moved since the previous period (+ up, − down); null when the child had nothing then. */
  change: z.number().int().nullable(),
});
export type RankingRow = z.infer<typeof rankingRow>;

const rankingInput = z
  .object({
    team_id: idField,
    ...rankingPeriodFields,
    page: queryInt(1, 100_000),
    limit: queryInt(rankingLimits.pageSize, 100),
  })
  .superRefine(checkRankingPeriod);

const rankingOutput = pageOf(rankingRow).extend({
  team: classRef,
  kind: z.enum(rankingKinds),
  period: rankingPeriodRef,
});
export type RankingPage = z.infer<typeof rankingOutput>;

const rankingCall = <P extends string>(path: P, kind: RankingKind, what: string) =>
  defineCall({
    method: 'GET',
    path,
    access: 'teacher',
    tag: 'rankings',
    summary: `Ranking of a class's children by ${what} in a period, ties sharing a rank, with each child's change since the previous period`,
    input: rankingInput,
    output: rankingOutput.extend({ kind: z.literal(kind) }),
  });

export const getExerciseCountRanking = rankingCall(
  '/api/v2/team/exercise_count_ranking_v2',
  'exercise_count',
  'submissions (homework and self-practice)',
);
export const getExerciseScoreRanking = rankingCall(
  '/api/v2/team/exercise_score_ranking_v2',
  'exercise_score',
  'the mean of their best score per material',
);
export const getRecordDurationRanking = rankingCall(
  '/api/v2/team/record_duration_ranking_v2',
  'record_duration',
  'recorded seconds',
);
export const getIntegralRanking = rankingCall(
  '/api/v2/team/exercise-integral-ranking_v2',
  'integral',
  'integral points (the rule: integralRules)',
);

export const rankingCallOf = {
  exercise_count: getExerciseCountRanking,
  exercise_score: getExerciseScoreRanking,
  record_duration: getRecordDurationRanking,
  integral: getIntegralRanking,
} as const;

/** What the class's children may see of the rankings. */
export const rankingVisibilities = ['all', 'top', 'none'] as const;
export type RankingVisibility = (typeof rankingVisibilities)[number];
export const rankingVisibilityLabels: Record<RankingVisibility, string> = {
  all: '全員の順位を見せる',
  top: '上位だけ見せる',
  none: '子どもには見せない',
};

export const rankingSettings = z.object({
  team_id: z.number().int(),
  visibility: z.enum(rankingVisibilities),
  top_n: z.number().int(),
  /** 1: children see only their own name; the others are ほかの おともだち. */
  hide_names: z.union([z.literal(0), z.literal(1)]),
});
export type RankingSettings = z.infer<typeof rankingSettings>;

export const getRankingSettings = defineCall({
  method: 'GET',
  path: '/api/v2/team/ranking-settings',
  access: 'teacher',
  tag: 'rankings',
  summary: "What a class's children may see of the rankings (default: nothing until the teacher chooses)",
  input: z.object({ team_id: idField }),
  output: rankingSettings,
});

export const saveRankingSettingsForm = z.object({
  team_id: idField,
  visibility: z.enum(rankingVisibilities, { error: messages.badRequest }),
  top_n: z.coerce
    .number({ error: rankingMessages.topNRange })
    .int({ error: rankingMessages.topNRange })
    .min(rankingLimits.topNMin, { error: rankingMessages.topNRange })
    .max(rankingLimits.topNMax, { error: rankingMessages.topNRange }),
  hide_names: z.union([z.literal(0), z.literal(1)], { error: messages.badRequest }),
});

export const saveRankingSettings = defineCall({
  method: 'POST',
  path: '/api/v2/team/save-ranking-settings',
  access: 'teacher:not-guest',
  tag: 'rankings',
  summary: "Choose what a class's children see of the rankings: all, only the top N, or none; names of others hidden",
  input: saveRankingSettingsForm,
  output: rankingSettings,
});

export const integralExportInput = z
  .object({
    /** Comma-separated class ids; every class of the teacher when omitted. */
    team_ids: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
        z.array(idField).min(1, { error: messages.noItems }).max(rankingLimits.exportMaxClasses, {
          error: messages.tooManyItems,
        }),
      )
      .optional(),
    ...rankingPeriodFields,
  })
  .superRefine(checkRankingPeriod);

export const integralExportClass = z.object({
  team: classRef,
  rows: z.array(rankingRow),
});

export const getIntegralRankingExport = defineCall({
  method: 'GET',
  path: '/api/v2/team/integral-ranking-export',
  access: 'teacher',
  tag: 'rankings',
  summary:
    'The whole integral ranking of each listed class (every class without team_ids) in a period: the printable /integral-ranking-export page',
  input: integralExportInput,
  output: z.object({
    period: rankingPeriodRef,
    rules: z.array(z.object({ key: z.string(), label: z.string(), points: z.number().int() })),
    classes: z.array(integralExportClass),
  }),
});

export const getIntegralRules = defineCall({
  method: 'GET',
  path: '/api/v2/team/integral-rules',
  access: 'teacher',
  tag: 'rankings',
  summary: 'The integral points rule (what earns how many points), as the ranking counts it',
  input: empty,
  output: z.object({ rows: z.array(z.object({ key: z.string(), label: z.string(), points: z.number().int() })) }),
});

/** The children's side: a ranking of one of the child's classes, as the teacher lets them see it. */
export const studentRankingRow = z.object({
  rank: z.number().int(),
  /** Null when the teacher hides the names of others. */
  name: z.string().nullable(),
  value: z.number(),
  me: z.boolean(),
});

export const getStudentRanking = defineCall({
  method: 'GET',
  path: '/api/v2/student/ranking',
  access: 'student',
  tag: 'rankings',
  summary:
    "A ranking of one of the child's classes as the teacher lets children see it (all, the top N, or none; others' names hidden)",
  input: z.object({
    /** One of the child's classes; the first when omitted. */
    team_id: idField.optional(),
    kind: z.enum(rankingKinds, { error: messages.badRequest }).default('integral'),
    period: z.enum(['week', 'month', 'term'], { error: messages.badRequest }).default('week'),
  }),
  output: z.object({
    teams: z.array(classRef),
    team_id: z.number().int().nullable(),
    visibility: z.enum(rankingVisibilities),
    kind: z.enum(rankingKinds),
    period: rankingPeriodRef.nullable(),
    rows: z.array(studentRankingRow),
    me: z.object({ rank: z.number().int(), value: z.number() }).nullable(),
    rules: z.array(z.object({ key: z.string(), label: z.string(), points: z.number().int() })),
  }),
});

export const exportIntegralRanking = defineCall({
  method: 'POST',
  path: '/api/v2/team/export-integral-ranking',
  access: 'teacher',
  tag: 'rankings',
  summary:
    'Make the integral ranking of the listed classes (every class without team_ids) in a period as an xlsx download task (one sheet a class)',
  input: integralExportInput,
  output: z.object({ task: downloadTaskRow }),
});
