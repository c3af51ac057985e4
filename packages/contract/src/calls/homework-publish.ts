import { z } from 'zod';
import { defineCall, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { classRef } from './classes.js';
import {
  homeworkLimits,
  homeworkMessages,
  homeworkTitle,
  homeworkTypes,
  isoTime,
  requiredTimesField,
} from './homework.js';
import { exerciseTypes, libraryLimits } from './library.js';

/**
 * Homework publishing (ours, api-paths.md "Homework publishing"): the creation wizard's publish
 * call with its three variants, the time check, title suggestions, periodic plans and reissues.
 * Served by apps/server/src/modules/homework.
 *
 * Times: instants are ISO 8601 strings; weekdays and dates of periodic plans are those of Japan
 * (Asia/Tokyo, UTC+9, no daylight saving): 0 = Sunday … 6 = Saturday.
 */

const MINUTE = 60_000;
export const JAPAN_OFFSET_MS = 9 * 60 * MINUTE;
export const weekdayLabels = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** A client-generated key (a UUID), the same for every retry of one publish: a double click publishes once. */
export const requestKeyField = z
  .string({ error: homeworkMessages.requestKeyWrong })
  .regex(/^[A-Za-z0-9_-]+$/, { error: homeworkMessages.requestKeyWrong })
  .min(homeworkLimits.requestKey.min, { error: homeworkMessages.requestKeyWrong })
  .max(homeworkLimits.requestKey.max, { error: homeworkMessages.requestKeyWrong });

const resourceIds = z
  .array(idField)
  .max(homeworkLimits.topicsPerHomework, { error: homeworkMessages.tooManyTopics })
  .refine((ids) => new Set(ids).size === ids.length, { error: messages.badRequest });

/** Fields every variant has: who receives it, the title, the end, the required practice count. */
const publishBase = {
  request_key: requestKeyField,
  title: homeworkTitle,
  /** Classes: one homework per class; a child in two chosen classes gets it once (in the first). */
  team_ids: z.array(idField).max(homeworkLimits.classesPerPublish).default([]),
  /** Single students by login id (student_id); those not in a chosen class get one more homework. */
  student_ids: z.array(z.string().trim().min(1).max(64)).max(homeworkLimits.studentsPerPublish).default([]),
  end_time: isoTime(homeworkMessages.endTimeRequired),
  required_times: requiredTimesField.nullish(),
};

/** Immediate or scheduled delivery; publish_time is required when scheduled. */
const delivery = {
  publish_type: z.enum(['now', 'scheduled']),
  publish_time: isoTime(homeworkMessages.publishTimeRequired).nullish(),
};

export const routinePublish = z.object({
  homework_type: z.literal('routine'),
  ...publishBase,
  ...delivery,
  /** Either chosen resources or one pack (setting a pack clears the list, as the wizard does). */
  resource_ids: resourceIds.optional(),
  pack_code: z.string().trim().min(1).max(libraryLimits.packCodeMax).optional(),
});

export const scheduleDay = z.object({
  weekday: z.number().int().min(0).max(6),
  resource_ids: z
    .array(idField, { error: homeworkMessages.scheduleDayEmpty })
    .min(1, { error: homeworkMessages.scheduleDayEmpty })
    .max(homeworkLimits.topicsPerHomework, { error: homeworkMessages.tooManyTopics }),
});
export type ScheduleDay = z.infer<typeof scheduleDay>;

export const scheduleField = z
  .array(scheduleDay, { error: homeworkMessages.scheduleRequired })
  .min(1, { error: homeworkMessages.scheduleRequired })
  .max(7)
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, { error: messages.badRequest });

const deadlineDays = z
  .number()
  .int()
  .min(homeworkLimits.periodicDeadlineDays.min)
  .max(homeworkLimits.periodicDeadlineDays.max);

/**
 * A periodic plan: from publish_time (the first possible distribution; its time of day is every
 * distribution's time), every week on the schedule's weekdays until end_time (the last
 * distribution starts before it). Each distribution hands out that weekday's resources as one
 * homework per class and stays open deadline_days.
 */
export const periodicPublish = z.object({
  homework_type: z.literal('periodic'),
  ...publishBase,
  publish_type: z.literal('scheduled').default('scheduled'),
  publish_time: isoTime(homeworkMessages.publishTimeRequired),
  schedule: scheduleField,
  deadline_days: deadlineDays.default(homeworkLimits.periodicDeadlineDays.default),
  /**
   * Each distribution also brings back the child's own missed words and sentences from their
   * attempts (docs/homework.md, "Periodic plans"). Off by default.
   */
  review_missed: z.boolean().default(false),
});

/**
 * A word test: words from parts part_from…part_to of a word book; word_count words (more than
 * the range holds → all of them). The test starts at test_start_time: at least 10 minutes ahead,
 * not before the delivery and not after the end.
 */
export const wordTestPublish = z.object({
  homework_type: z.literal('wordtest'),
  ...publishBase,
  ...delivery,
  word_book_code: z
    .string({ error: homeworkMessages.wordBookRequired })
    .trim()
    .min(1, { error: homeworkMessages.wordBookRequired })
    .max(libraryLimits.packCodeMax),
  part_from: z
    .number({ error: homeworkMessages.partRangeWrong })
    .int()
    .min(1, { error: homeworkMessages.partRangeWrong }),
  part_to: z
    .number({ error: homeworkMessages.partRangeWrong })
    .int()
    .min(1, { error: homeworkMessages.partRangeWrong }),
  word_count: z
    .number({ error: homeworkMessages.wordCountWrong })
    .int({ error: homeworkMessages.wordCountWrong })
    .min(1, { error: homeworkMessages.wordCountWrong })
    .max(homeworkLimits.wordTestWordsMax, { error: homeworkMessages.wordCountWrong }),
  test_start_time: isoTime(homeworkMessages.testTimeWrong),
});

export type PublishInput =
  z.output<typeof routinePublish> | z.output<typeof periodicPublish> | z.output<typeof wordTestPublish>;

export interface TimeIssue {
  path: string;
  message: string;
}

/**
 * The rules of the publish times that need a clock (a test starts at least 10 minutes ahead and
 * not after the end; a periodic plan starts at least its lead ahead), shared by the server (its
 * injectable clock) and the wizard (the browser's): an empty list when the times are right.
 * Order checks come first so one field gets one message.
 */
export function publishTimeIssues(
  input: Pick<PublishInput, 'homework_type' | 'publish_type' | 'end_time'> & {
    publish_time?: string | null;
    test_start_time?: string;
  },
  now: Date,
): TimeIssue[] {
  const t = now.getTime();
  const end = Date.parse(input.end_time);
  const issues: TimeIssue[] = [];
  let start = t;
  if (input.homework_type === 'periodic') {
    if (!input.publish_time) return [{ path: 'publish_time', message: homeworkMessages.publishTimeRequired }];
    start = Date.parse(input.publish_time);
    if (start < t + homeworkLimits.periodicStartLeadMinutes * MINUTE)
      issues.push({ path: 'publish_time', message: homeworkMessages.periodicStartTooSoon() });
    else if (end - start > homeworkLimits.periodicMaxWeeks * 7 * 24 * 60 * MINUTE)
      issues.push({ path: 'end_time', message: homeworkMessages.periodicTooLong });
  } else if (input.publish_type === 'scheduled') {
    if (!input.publish_time) return [{ path: 'publish_time', message: homeworkMessages.publishTimeRequired }];
    start = Date.parse(input.publish_time);
    if (start <= t) issues.push({ path: 'publish_time', message: homeworkMessages.publishTimePast });
  }
  if (end <= start || end <= t) issues.push({ path: 'end_time', message: homeworkMessages.endTimeWrong });
  if (input.homework_type === 'wordtest' && input.test_start_time) {
    const test = Date.parse(input.test_start_time);
    if (test < t + homeworkLimits.testStartLeadMinutes * MINUTE || test > end || test < start)
      issues.push({ path: 'test_start_time', message: homeworkMessages.testTimeWrong });
  }
  return issues;
}

/** Clock-free checks across fields of a publish (the clock-bound ones are publishTimeIssues). */
function publishShape(v: PublishInput, ctx: z.RefinementCtx) {
  if (v.team_ids.length === 0 && v.student_ids.length === 0)
    ctx.addIssue({ code: 'custom', path: ['team_ids'], message: homeworkMessages.recipientsRequired });
  if (v.homework_type === 'routine' && !v.pack_code && !v.resource_ids?.length)
    ctx.addIssue({ code: 'custom', path: ['resource_ids'], message: homeworkMessages.resourcesRequired });
  if (v.homework_type !== 'periodic' && v.publish_type === 'scheduled' && !v.publish_time)
    ctx.addIssue({ code: 'custom', path: ['publish_time'], message: homeworkMessages.publishTimeRequired });
  if (v.homework_type === 'wordtest' && v.part_from > v.part_to)
    ctx.addIssue({ code: 'custom', path: ['part_to'], message: homeworkMessages.partRangeWrong });
}

export const publishHomeworkInput = z
  .discriminatedUnion('homework_type', [routinePublish, periodicPublish, wordTestPublish])
  .superRefine(publishShape);

export const publishHomework = defineCall({
  method: 'POST',
  path: '/api/v2/homework-publish/publish-homework',
  access: 'teacher',
  tag: 'homework',
  summary:
    'Publish homework (routine: one per class; periodic: a plan whose distributions the scheduler makes; wordtest); a repeated request_key answers the first result',
  input: publishHomeworkInput,
  output: z.object({
    homework_ids: z.array(z.number().int()),
    /** Periodic: the plan (its homework come with its distributions). */
    plan_id: z.number().int().nullable(),
  }),
});

export const checkDefineTimes = defineCall({
  method: 'GET',
  path: '/api/v2/homework-publish/check-define-times',
  access: 'teacher',
  tag: 'homework',
  summary:
    "Check the wizard's times against the server's clock (400 with the spec's message when wrong); answers the server time",
  input: z
    .object({
      homework_type: z.enum(homeworkTypes),
      publish_type: z.enum(['now', 'scheduled']).default('now'),
      publish_time: isoTime(homeworkMessages.publishTimeRequired).optional(),
      end_time: isoTime(homeworkMessages.endTimeRequired),
      test_start_time: isoTime(homeworkMessages.testTimeWrong).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.homework_type === 'wordtest' && !v.test_start_time)
        ctx.addIssue({ code: 'custom', path: ['test_start_time'], message: homeworkMessages.testTimeWrong });
    }),
  output: z.object({ server_time: z.string() }),
});

export const getRegularRecommendNames = defineCall({
  method: 'GET',
  path: '/api/v2/homework/regular-recommend-names',
  access: 'teacher',
  tag: 'homework',
  summary: 'Title suggestions for a periodic plan (from the class, the month and the weekdays)',
  input: z.object({
    team_id: idField.optional(),
    /** Weekdays of the schedule, comma-separated (0 = Sunday): "1,3,5". */
    weekdays: z
      .string()
      .regex(/^[0-6](,[0-6]){0,6}$/, { error: messages.badRequest })
      .optional(),
  }),
  output: z.object({ names: z.array(z.string()) }),
});

/* Periodic plans */

/**
 * scheduled: no distribution made yet; running: made at least one, more to come; finished: no
 * distribution left (the end passed, or every slot is made or skipped).
 */
export const planStates = ['scheduled', 'running', 'finished'] as const;
export const planStateLabels: Record<(typeof planStates)[number], string> = {
  scheduled: '開始前',
  running: '配信中',
  finished: '終了',
};

export const planRow = z.object({
  plan_id: z.number().int(),
  title: z.string(),
  classes: z.array(classRef),
  /** Single students named in the plan (login ids). */
  student_ids: z.array(z.string()),
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  deadline_days: z.number().int(),
  required_times: z.number().int().nullable(),
  review_missed: z.boolean(),
  state: z.enum(planStates),
  /** Distributions made so far, and made + still to come (skipped ones not counted). */
  made_count: z.number().int(),
  total_count: z.number().int(),
  next_distribution_time: z.string().nullable(),
  created_at: z.string(),
});
export type PlanRow = z.infer<typeof planRow>;

export const planResource = z.object({
  resource_id: z.number().int(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  item_count: z.number().int(),
});

/** made: its homework exist; pending: the scheduler makes it at start_time; skipped: delayed away. */
export const distributionStatuses = ['made', 'pending', 'skipped'] as const;

export const planDetail = planRow.extend({
  schedule: z.array(z.object({ weekday: z.number().int(), resources: z.array(planResource) })),
  distributions: z.array(
    z.object({
      /** The date in Japan, 2026-04-08. */
      date: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      status: z.enum(distributionStatuses),
      homework_ids: z.array(z.number().int()),
    }),
  ),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const getPeriodicPlanList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-publish/periodic-plan-list',
  access: 'teacher',
  tag: 'homework',
  summary: "A page of the teacher's periodic plans, newest first",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(homeworkLimits.listPageSize, 100),
    search_title: z.string().trim().max(homeworkLimits.searchTitleMax).optional(),
  }),
  output: pageOf(planRow),
});

export const getPeriodicPlanDetail = defineCall({
  method: 'GET',
  path: '/api/v2/homework-publish/periodic-plan-detail',
  access: 'teacher',
  tag: 'homework',
  summary: 'One periodic plan with its schedule and every distribution (made, pending, skipped)',
  input: z.object({ plan_id: idField }),
  output: planDetail,
});

export const editPeriodicPlan = defineCall({
  method: 'POST',
  path: '/api/v2/homework-publish/periodic-plan-edit',
  access: 'teacher',
  tag: 'homework',
  summary:
    'Change a plan (title, end, schedule, deadline days, required times, review switch); affects distributions not yet made',
  input: z.object({
    plan_id: idField,
    title: homeworkTitle,
    end_time: isoTime(homeworkMessages.endTimeRequired),
    schedule: scheduleField,
    deadline_days: deadlineDays,
    required_times: requiredTimesField.nullish(),
    review_missed: z.boolean(),
  }),
  output: planDetail,
});

export const delayPeriodicPlan = defineCall({
  method: 'POST',
  path: '/api/v2/homework-publish/periodic-plan-delay',
  access: 'teacher',
  tag: 'homework',
  summary:
    'Delay a plan by whole distributions: the next N pending distributions are skipped and the end moves later by as many',
  input: z.object({
    plan_id: idField,
    distributions: z
      .number({ error: homeworkMessages.delayCountWrong })
      .int({ error: homeworkMessages.delayCountWrong })
      .min(1, { error: homeworkMessages.delayCountWrong })
      .max(10, { error: homeworkMessages.delayCountWrong }),
  }),
  output: planDetail,
});

export const deletePeriodicPlan = defineCall({
  method: 'POST',
  path: '/api/v2/homework-publish/periodic-plan-delete',
  access: 'teacher',
  tag: 'homework',
  summary: 'Delete a plan: no more distributions; homework already handed out stay (delete them from the list)',
  input: z.object({ plan_id: idField }),
  output: z.null(),
});

/* Reissues (delay-homework) */

export const reissueRow = z.object({
  reissue_id: z.number().int(),
  homework_id: z.number().int(),
  title: z.string(),
  team: classRef.nullable(),
  type: z.enum(homeworkTypes),
  /** The deadline before this reissue, and the reissue's own. */
  previous_end_time: z.string(),
  end_time: z.string(),
  /** open until its end_time, then finished. */
  state: z.enum(['open', 'finished']),
  student_count: z.number().int(),
  submitted_count: z.number().int(),
  created_at: z.string(),
});
export type ReissueRow = z.infer<typeof reissueRow>;

export const getReissueList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-publish/reissue-list',
  access: 'teacher',
  tag: 'homework',
  summary: "A page of the teacher's reissues, newest first",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(homeworkLimits.listPageSize, 100),
    search_title: z.string().trim().max(homeworkLimits.searchTitleMax).optional(),
  }),
  output: pageOf(reissueRow),
});

export const getReissueDetails = defineCall({
  method: 'GET',
  path: '/api/v2/homework-publish/reissue-details',
  access: 'teacher',
  tag: 'homework',
  summary: 'One reissue with the children it went to and whether each has submitted',
  input: z.object({ id: idField }),
  output: reissueRow.extend({
    students: z.array(
      z.object({
        student_id: z.string(),
        name: z.string(),
        number: z.string().nullable(),
        submitted_at: z.string().nullable(),
      }),
    ),
  }),
});
