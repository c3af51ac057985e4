import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { maxChars, noEmoji } from '../rules.js';
import { checkRankingPeriod, rankingPeriodFields, rankingPeriodRef } from './rankings.js';

/**
 * Achievements and encouragement (docs/rankings.md, "Encouragement"): what each child of a class
 * achieved in a period, and a teacher's stamps (drawn by us as SVG, @ondoku/ui/stamps) and words
 * sent to chosen children or the whole class (`is_all`). Each child receives one message of kind
 * `encouragement` in the inbox of the students' side (student/message-list). Served by
 * apps/server/src/modules/motivation.
 */

/** The stamps: ids are stored with each encouragement, so an id never changes its meaning. */
export const motivationStamps = [
  { motivation_id: 1, name: 'よくできました', color: '#e8553e' },
  { motivation_id: 2, name: 'がんばったね', color: '#f29b16' },
  { motivation_id: 3, name: 'はなまる', color: '#e0457b' },
  { motivation_id: 4, name: 'すばらしい', color: '#2f7de1' },
  { motivation_id: 5, name: 'はつおんバッチリ', color: '#18a058' },
  { motivation_id: 6, name: 'まいにちえらい', color: '#8a5cd1' },
  { motivation_id: 7, name: 'チャレンジ', color: '#0e9aa7' },
  { motivation_id: 8, name: 'ナイスボイス', color: '#d4a017' },
] as const;
export type MotivationStamp = (typeof motivationStamps)[number];
export const motivationIds = motivationStamps.map((s) => s.motivation_id) as number[];

export const motivationLimits = {
  pageSize: 20,
  /** Characters of the words sent with the stamps. */
  encourageMax: 200,
  /** Stamps in one encouragement. */
  maxStamps: 3,
  maxStudents: 1000,
} as const;

export const motivationMessages = {
  nothingToSend: 'スタンプかメッセージを選んでください。',
  noStudents: '送る児童を選んでください。',
  unknownStamp: 'スタンプが見つかりませんでした。',
  tooManyStamps: `スタンプは${motivationLimits.maxStamps}個まで選べます。`,
  studentNotInClass: 'このクラスにいない児童が含まれています。',
  noStudentsInClass: 'このクラスには児童がいません。',
  sent: (count: number) => `${count}人にはげましを送りました。`,
} as const;

/** What a child achieved in the period (the filter of the list). */
export const achievementFilters = ['all', 'active', 'inactive', 'not_encouraged'] as const;
export type AchievementFilter = (typeof achievementFilters)[number];
export const achievementFilterLabels: Record<AchievementFilter, string> = {
  all: 'すべて',
  active: '練習した児童',
  inactive: '練習していない児童',
  not_encouraged: 'この期間にまだはげましていない児童',
};

export const achievementKeys = ['submissions', 'good_scores', 'homework_done', 'streak_days', 'points'] as const;
export type AchievementKey = (typeof achievementKeys)[number];
export const achievementLabels: Record<AchievementKey, string> = {
  submissions: '提出回数',
  good_scores: '80点以上の教材',
  homework_done: '提出した宿題',
  streak_days: '最長連続日数',
  points: 'ポイント',
};

export const achievementRow = z.object({
  student_id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  achievements: z.array(z.object({ key: z.enum(achievementKeys), label: z.string(), value: z.number() })),
  /** The last encouragement sent to the child in the period (null before one). */
  last_encouraged_at: z.string().nullable(),
});
export type AchievementRow = z.infer<typeof achievementRow>;

export const getStudentAchievementPageList = defineCall({
  method: 'GET',
  path: '/api/v2/motivation/student-achievement-page-list',
  access: 'teacher',
  tag: 'motivation',
  summary:
    'What each child of a class achieved in a period (submissions, good scores, homework done, streak, points), with filters',
  input: z
    .object({
      team_id: idField,
      ...rankingPeriodFields,
      filter: z.enum(achievementFilters, { error: messages.badRequest }).default('all'),
      page: queryInt(1, 100_000),
      limit: queryInt(motivationLimits.pageSize, 100),
    })
    .superRefine(checkRankingPeriod),
  output: pageOf(achievementRow).extend({ period: rankingPeriodRef }),
});

export const encourageText = noEmoji(
  z.string({ error: messages.badRequest }).trim().pipe(maxChars(motivationLimits.encourageMax)),
);

const loginId = z.string({ error: messages.badRequest }).trim().min(1, { error: messages.badRequest }).max(100);

export const encourageForm = z
  .object({
    team_id: idField,
    student_ids: z.array(loginId).max(motivationLimits.maxStudents, { error: messages.tooManyItems }).optional(),
    is_all: z.union([z.literal(0), z.literal(1)], { error: messages.badRequest }).default(0),
    motivation_ids: z
      .array(z.number({ error: messages.badRequest }).int())
      .max(motivationLimits.maxStamps, { error: motivationMessages.tooManyStamps })
      .default([]),
    encourage: encourageText.optional(),
    /** Where it was sent from (the product's `type`: the ranking or the achievements list); informational, not stored. */
    type: z.enum(['ranking', 'achievement'], { error: messages.badRequest }).default('achievement'),
  })
  .superRefine((v, ctx) => {
    if (v.motivation_ids.some((id) => !motivationIds.includes(id)))
      ctx.addIssue({ code: 'custom', message: motivationMessages.unknownStamp, path: ['motivation_ids'] });
    if (!v.motivation_ids.length && !v.encourage)
      ctx.addIssue({ code: 'custom', message: motivationMessages.nothingToSend, path: ['motivation_ids'] });
    if (!v.is_all && !v.student_ids?.length)
      ctx.addIssue({ code: 'custom', message: motivationMessages.noStudents, path: ['student_ids'] });
  });

export const encourageStudents = defineCall({
  method: 'POST',
  path: '/api/v2/motivation/student-achievement-encourage',
  access: 'teacher:not-guest',
  tag: 'motivation',
  summary:
    'Send stamps and words of encouragement to chosen children of a class, or the whole class (is_all: 1); each receives a message of kind encouragement',
  input: encourageForm,
  output: z.object({ count: z.number().int() }),
});

export const getMotivationList = defineCall({
  method: 'GET',
  path: '/api/v2/motivation/motivation-list',
  access: 'teacher',
  tag: 'motivation',
  summary: 'The stamps a teacher may send (drawn as SVG by the apps from their ids)',
  input: empty,
  output: z.object({
    rows: z.array(z.object({ motivation_id: z.number().int(), name: z.string(), color: z.string() })),
  }),
});
