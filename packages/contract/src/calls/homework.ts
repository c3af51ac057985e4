import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { homeworkTitleField, nfkc } from '../rules.js';
import { classRef } from './classes.js';
import { exerciseTypes, originTypes } from './library.js';

/**
 * Homework: the homework list and its actions (change, delete, delay = reissue), and the calls
 * that choose who receives homework (classes and students as pickers). Publishing, periodic
 * plans and reissues are in homework-publish.ts. Served by apps/server/src/modules/homework.
 */

/** The three variants of the creation wizard (/homework-create/routine|periodic|wordtest). */
export const homeworkTypes = ['routine', 'periodic', 'wordtest'] as const;
export type HomeworkType = (typeof homeworkTypes)[number];
export const homeworkTypeLabels: Record<HomeworkType, string> = {
  routine: '通常宿題',
  periodic: '定期宿題',
  wordtest: '単語テスト',
};

/**
 * The state of a homework at a moment `now` (the server's injectable clock), precisely:
 * - `scheduled`: now < start_time — handed out at a set time that has not come yet; children do
 *   not see it.
 * - `open`: start_time ≤ now < deadline, where deadline is end_time, or the last reissue's
 *   end_time when the homework was reissued (delay-homework) — children can submit.
 * - `overdue`: now ≥ deadline and at least one assigned child has not submitted — the teacher may
 *   reissue it (delay-homework) to those children.
 * - `finished`: now ≥ deadline and every assigned child has submitted (also a homework assigned
 *   to nobody any more, e.g. every child left the class).
 * Finishing early is not a state: an open homework stays open until its deadline even when every
 * child has submitted (they may practise more until then).
 */
export const homeworkStates = ['scheduled', 'open', 'overdue', 'finished'] as const;
export type HomeworkState = (typeof homeworkStates)[number];
export const homeworkStateLabels: Record<HomeworkState, string> = {
  scheduled: '配信予定',
  open: '実施中',
  overdue: '期限切れ',
  finished: '終了',
};

export const homeworkLimits = {
  /** Title length limit (spec: "given by a placeholder count"). */
  titleMax: 50,
  /**
   * Distribution limit per teacher: homework that are scheduled or open (not deleted, deadline
   * not passed) at one time. Publishing beyond it answers homeworkMessages.limit(…).
   */
  activeHomeworkPerTeacher: 300,
  /** Resources (topics) in one homework or one periodic schedule day. */
  topicsPerHomework: 30,
  /** Classes and single students one publish may name. */
  classesPerPublish: 50,
  studentsPerPublish: 500,
  /** A number input takes at most 10 digits (the product's limit). */
  requiredTimesMaxDigits: limits.numberInputMaxDigits,
  /** A word test starts at least 10 minutes ahead (the product's limit). */
  testStartLeadMinutes: limits.testStartLeadMinutes,
  /** The spec leaves the periodic start's minimum lead open: ours is 30 minutes (docs/homework.md). */
  periodicStartLeadMinutes: 30,
  /** A periodic plan runs at most this long (weeks); its end must lie within. */
  periodicMaxWeeks: 52,
  /** How many days each periodic distribution stays open (its end = its start + deadline_days). */
  periodicDeadlineDays: { min: 1, max: 14, default: 7 },
  /** Redistributing overdue homework extends the deadline by 7 days (the product's rule). */
  reissueExtensionDays: limits.overdueExtensionDays,
  /** Word tests: words per test. */
  wordTestWordsMax: 200,
  /** The list: 20 per page, the product's default page size of lists. */
  listPageSize: limits.pageSize.lists,
  searchTitleMax: 100,
  /** Client idempotency keys: 8–64 of [A-Za-z0-9_-] (a UUID fits). */
  requestKey: { min: 8, max: 64 },
} as const;

export const homeworkMessages = {
  /** The spec's message, verbatim. */
  limit: (limit: number = homeworkLimits.activeHomeworkPerTeacher) => `宿題は${limit}個まで配信できます。`,
  /** The spec's message, verbatim: the end time is missing its mark (not after the start, or already past). */
  endTimeWrong: '終了時刻が間違っています。',
  /** The spec's message, verbatim: the test start is less than 10 minutes ahead, or after the end. */
  testTimeWrong: 'テスト時刻の設定に誤りがあります。',
  endTimeRequired: '終了時刻を入力してください。',
  publishTimeRequired: '配信時刻を入力してください。',
  publishTimePast: '配信時刻は現在より後の時刻を設定してください。',
  periodicStartTooSoon: (minutes: number = homeworkLimits.periodicStartLeadMinutes) =>
    `開始時刻は現在から${minutes}分以上先の時刻を設定してください。`,
  periodicTooLong: `定期宿題の期間は${homeworkLimits.periodicMaxWeeks}週間以内で設定してください。`,
  periodicNoDistribution: '期間内に配信日がありません。開始時刻・終了時刻と曜日を確認してください。',
  recipientsRequired: 'クラスまたは生徒を選択してください。',
  resourcesRequired: '教材を選択してください。',
  tooManyTopics: `教材は${homeworkLimits.topicsPerHomework}個まで選択できます。`,
  scheduleDayEmpty: '各配信日に教材を1つ以上設定してください。',
  scheduleRequired: '配信する曜日を1つ以上選択してください。',
  wordBookRequired: '単語帳を選択してください。',
  partRangeWrong: '範囲の設定に誤りがあります。',
  wordCountWrong: `出題数は1〜${homeworkLimits.wordTestWordsMax}で入力してください。`,
  noWordsInRange: '選択した範囲に単語がありません。',
  resourceNotAvailable: '選択した教材は使用できません。',
  packEmpty: '教材パックに教材がありません。',
  studentNotFound: '選択した生徒が見つかりません。',
  recipientsEmpty: '選択したクラスに生徒がいません。',
  onlyOverdueReissue: '期限切れの宿題のみ再配信できます。',
  nothingToReissue: '未提出の生徒がいないため、再配信できません。',
  alreadyStarted: '配信済みの宿題の配信時刻は変更できません。',
  planFinished: 'この定期宿題はすでに終了しています。',
  delayCountWrong: '延期する回数の設定に誤りがあります。',
  requestKeyWrong: '画面を再読み込みしてから、もう一度お試しください。',
} as const;

/** Instants travel as ISO 8601 strings with an offset (2026-04-08T09:00:00+09:00 or …Z). */
export const isoTime = (required: string) =>
  z.iso.datetime({ offset: true, error: required }).transform((s) => new Date(s).toISOString());

/** Required practice times: optional; when given, digits only, at most 10 (the spec's number input). */
export const requiredTimesField = z
  .union([z.string(), z.number()])
  // Full-width digits typed through an IME (「１２３」) count as digits, as in the other fields.
  .transform((v) => nfkc(String(v)).trim())
  .refine((s) => /^\d{1,10}$/.test(s), { error: messages.numberTooLong })
  .transform(Number)
  .refine((n) => n >= 1, { error: messages.numberTooLong });

export const homeworkTitle = homeworkTitleField(homeworkLimits.titleMax);

export const homeworkRow = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  /** The class it went to; null for homework handed to single students. */
  team: classRef.nullable(),
  type: z.enum(homeworkTypes),
  origin_type: z.enum(originTypes),
  /** Required practice times; null when none was asked. */
  required_times: z.number().int().nullable(),
  /** Whether it was reissued (delay-homework) at least once. */
  has_delay: z.boolean(),
  state: z.enum(homeworkStates),
  /** Delivery time (= the time it opens). */
  start_time: z.string(),
  /** The deadline as published or changed. */
  end_time: z.string(),
  /** The last reissue's deadline (for the children it was reissued to); null when never reissued. */
  reissue_end_time: z.string().nullable(),
  /** Word tests: when the test starts; null for other types. */
  test_start_time: z.string().nullable(),
  /** The periodic plan that made it; null otherwise. */
  plan_id: z.number().int().nullable(),
  topic_count: z.number().int(),
  /** Children who received it, and how many of them have submitted. */
  assigned_count: z.number().int(),
  submitted_count: z.number().int(),
  created_at: z.string(),
});
export type HomeworkRow = z.infer<typeof homeworkRow>;

export const homeworkSortFields = ['start_time', 'end_time', 'created_at', 'title'] as const;

const flag = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, { error: messages.badRequest });
/** A calendar date (Japan) in a query: 2026-04-08. */
export const queryDate = z.iso.date({ error: messages.badRequest });

/**
 * The list filters the spec names (page, limit, sort, title, class, type, origin, state, required
 * times, delay, dates). Ours where the spec is silent (docs/homework.md, "Decisions the spec leaves
 * open"):
 * - search_type: which title search_title matches — the homework's own (`title`, default) or the
 *   title of any of its materials (`resource`).
 * - finish_type: a state (see homeworkStates).
 * - has_required_times: 1 = a required practice count was set, 0 = none.
 * - has_delay: 1 = reissued at least once, 0 = never.
 * - start_time / end_time: dates (Japan): delivered on or after start_time, deadline on or
 *   before end_time.
 */
export const getMyHomeworkPageList = defineCall({
  method: 'GET',
  path: '/api/v2/homework/my-homework-page-list',
  access: 'teacher',
  tag: 'homework',
  summary: "A page of the teacher's homework with state and submission counts, filtered and sorted",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(homeworkLimits.listPageSize, 100),
    sort_field: z.enum(homeworkSortFields).default('start_time'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
    search_title: z.string().trim().max(homeworkLimits.searchTitleMax).optional(),
    search_type: z.enum(['title', 'resource']).default('title'),
    team_id: idField.optional(),
    homework_type: z.enum(homeworkTypes).optional(),
    origin_type: z.enum(originTypes).optional(),
    finish_type: z.enum(homeworkStates).optional(),
    has_required_times: flag.optional(),
    has_delay: flag.optional(),
    start_time: queryDate.optional(),
    end_time: queryDate.optional(),
  }),
  output: pageOf(homeworkRow),
});

export const homeworkTopic = z.object({
  topic_id: z.number().int(),
  position: z.number().int(),
  /** The library resource; null for a word test's word list. */
  resource_id: z.number().int().nullable(),
  /** Title and type as they were when published. */
  title: z.string(),
  type: z.enum([...exerciseTypes, 'word_test']),
  item_count: z.number().int(),
});

export const wordTestInfo = z.object({
  word_book_code: z.string(),
  part_from: z.number().int(),
  part_to: z.number().int(),
  word_count: z.number().int(),
  test_start_time: z.string(),
});

export const getHomeworkDetail = defineCall({
  method: 'GET',
  path: '/api/v2/homework-publish/homework-detail',
  access: 'teacher',
  tag: 'homework',
  summary: 'One homework of the teacher with its topics (the edit screen /homework/edit)',
  input: z.object({ homework_id: idField }),
  output: homeworkRow.extend({
    topics: z.array(homeworkTopic),
    word_test: wordTestInfo.nullable(),
  }),
});

export const changeHomework = defineCall({
  method: 'POST',
  path: '/api/v2/homework-publish/change-homework',
  access: 'teacher',
  tag: 'homework',
  summary: 'Change the title and the end time of a homework (end after its start and after now)',
  input: z.object({
    homework_id: idField,
    title: homeworkTitle,
    end_time: isoTime(homeworkMessages.endTimeRequired),
  }),
  output: homeworkRow,
});

export const deleteHomework = defineCall({
  method: 'POST',
  path: '/api/v2/homework/delete',
  access: 'teacher',
  tag: 'homework',
  summary: 'Delete a homework of the teacher: it leaves the lists; submissions are kept',
  input: z.object({ homework_id: idField }),
  output: z.null(),
});

export const delayHomework = defineCall({
  method: 'POST',
  path: '/api/v2/homework-publish/delay-homework',
  access: 'teacher',
  tag: 'homework',
  summary:
    'Reissue an overdue homework to the children who have not submitted, deadline + 7 days (recorded as a reissue)',
  input: z.object({ homework_id: idField }),
  output: z.object({ reissue_id: z.number().int(), end_time: z.string(), student_count: z.number().int() }),
});

export const getHomeworkClassRows = defineCall({
  method: 'GET',
  path: '/api/v2/homework/team-rows',
  access: 'teacher',
  tag: 'homework',
  summary: "The teacher's visible classes, for choosing who receives homework",
  input: empty,
  output: z.object({ rows: z.array(classRef.extend({ student_count: z.number().int() })) }),
});

export const getStudentListByClass = defineCall({
  method: 'GET',
  path: '/api/v2/homework/student-list-by-team',
  access: 'teacher',
  tag: 'homework',
  summary: 'The students of one class, by attendance number, for choosing who receives homework',
  input: z.object({ team_id: idField }),
  output: z.object({
    rows: z.array(
      z.object({ student_id: z.string(), name: z.string(), furigana: z.string(), number: z.string().nullable() }),
    ),
  }),
});
