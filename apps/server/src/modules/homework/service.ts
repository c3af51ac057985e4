import { ErrorCode, homeworkLimits, homeworkMessages, publishTimeIssues, type PublishInput } from '@ondoku/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { homework, homeworkRecipients, homeworkReissues, homeworkReissueStudents } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireOwnClasses } from '../classes/policy.js';
import { requireOwnStudents } from '../students/policy.js';
import {
  drawWords,
  packResources,
  requireVisibleResources,
  requireWordBook,
  type VisibleResource,
} from './library-access.js';
import { createPlan } from './plans.js';
import { DAY_MS } from './plan-slots.js';
import {
  claimPublishKey,
  countActiveHomework,
  insertHomework,
  lockTeacherHomework,
  storePublishResult,
  type NewTopic,
} from './repository.js';
import type { HomeworkView } from './repository.js';
import { recipientGroups } from './recipients.js';

/** Publishing, changing, deleting and reissuing homework; used by the calls, the scheduler, the seed and the operator command. */

type Acting = Pick<ActingTeacher, 'id'>;
export type Origin = 'headquarters' | 'classroom';

const bad = (message: string) => AppError.badRequest(message);

/** Refuse going beyond the distribution limit (inside the writing transaction, under the teacher's lock). */
export async function assertRoomForHomework(db: DbOrTx, teacherId: number, adding: number, now: Date) {
  await lockTeacherHomework(db, teacherId);
  if ((await countActiveHomework(db, teacherId, now)) + adding > homeworkLimits.activeHomeworkPerTeacher)
    throw new AppError(ErrorCode.HOMEWORK_LIMIT, homeworkMessages.limit(homeworkLimits.activeHomeworkPerTeacher));
}

const resourceTopic = (r: VisibleResource): NewTopic => ({
  resourceId: r.id,
  title: r.title,
  type: r.type,
  itemCount: r.itemCount,
});

/**
 * publish-homework: checks (times on the server's clock, recipients and material the teacher's
 * own or headquarters'), the limit, then the homework — or the plan for periodic. Must run in a
 * transaction. A request key seen before answers the first publish's result and changes nothing.
 */
export async function publishHomework(
  db: DbOrTx,
  teacher: Acting,
  input: PublishInput,
  now: Date,
  opts: { origin?: Origin } = {},
): Promise<{ homework_ids: number[]; plan_id: number | null }> {
  const prior = await claimPublishKey(db, teacher.id, input.request_key);
  if (prior) return prior;
  const issue = publishTimeIssues(input, now)[0];
  if (issue) throw bad(issue.message);
  const origin = opts.origin ?? 'classroom';
  if (input.team_ids.length) await requireOwnClasses(db, teacher, input.team_ids);
  const studentRows = input.student_ids.length ? await requireOwnStudents(db, teacher, input.student_ids) : [];
  const studentIds = studentRows.map((s) => s.id);

  let result: { homework_ids: number[]; plan_id: number | null };
  if (input.homework_type === 'periodic') {
    const planId = await createPlan(db, teacher, input, studentIds, now, origin);
    result = { homework_ids: [], plan_id: planId };
  } else {
    const groups = await recipientGroups(db, teacher.id, input.team_ids, studentIds);
    let topics: NewTopic[];
    let extra: Partial<typeof homework.$inferInsert> = {};
    if (input.homework_type === 'routine') {
      const resources = input.pack_code
        ? await packResources(db, teacher.id, input.pack_code)
        : await requireVisibleResources(db, teacher.id, input.resource_ids ?? []);
      if (resources.length === 0)
        throw bad(input.pack_code ? homeworkMessages.packEmpty : homeworkMessages.resourcesRequired);
      if (resources.length > homeworkLimits.topicsPerHomework) throw bad(homeworkMessages.tooManyTopics);
      topics = resources.map(resourceTopic);
    } else {
      const book = await requireWordBook(db, input.word_book_code);
      if (input.part_to > book.maxPart) throw bad(homeworkMessages.partRangeWrong);
      const words = await drawWords(db, book.code, input.part_from, input.part_to, input.word_count);
      if (words.length === 0) throw bad(homeworkMessages.noWordsInRange);
      topics = [
        {
          resourceId: null,
          title: `${book.title} Part ${input.part_from}〜${input.part_to}`,
          type: 'word_test',
          itemCount: words.length,
          wordIds: words,
        },
      ];
      extra = {
        testStartTime: new Date(input.test_start_time),
        wordTest: {
          word_book_code: book.code,
          part_from: input.part_from,
          part_to: input.part_to,
          word_count: words.length,
        },
      };
    }
    if (groups.length === 0) throw bad(homeworkMessages.recipientsEmpty);
    await assertRoomForHomework(db, teacher.id, groups.length, now);
    const startTime = input.publish_type === 'now' || !input.publish_time ? now : new Date(input.publish_time);
    const ids: number[] = [];
    for (const g of groups) {
      ids.push(
        await insertHomework(
          db,
          {
            teacherId: teacher.id,
            title: input.title,
            type: input.homework_type,
            originType: origin,
            classId: g.classId,
            requiredTimes: input.required_times ?? null,
            startTime,
            endTime: new Date(input.end_time),
            ...extra,
          },
          topics,
          g.studentIds.map((studentId) => ({ studentId, classId: g.classId })),
        ),
      );
    }
    result = { homework_ids: ids, plan_id: null };
  }
  await storePublishResult(db, teacher.id, input.request_key, result);
  return result;
}

/** change-homework: title and end time; the end must lie after the start and after now. */
export async function changeHomework(db: DbOrTx, hw: HomeworkView, input: { title: string; endTime: Date }, now: Date) {
  if (input.endTime <= hw.startTime || input.endTime <= now) throw bad(homeworkMessages.endTimeWrong);
  const deadline = hw.reissueEndTime && hw.reissueEndTime > input.endTime ? hw.reissueEndTime : input.endTime;
  await db
    .update(homework)
    .set({
      title: input.title,
      endTime: input.endTime,
      updatedAt: now,
      // The scheduler closes it again at its new deadline.
      ...(deadline > now ? { closedAt: null } : {}),
    })
    .where(eq(homework.id, hw.id));
}

/** homework/delete: it leaves every list and the children's; recipients, submissions and topics stay for the records. */
export async function deleteHomework(db: DbOrTx, hw: HomeworkView, now: Date) {
  await db
    .update(homework)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(homework.id, hw.id), isNull(homework.deletedAt)));
}

/**
 * delay-homework: an overdue homework reopened to the children who have not submitted, with a
 * deadline 7 days after the homework's deadline (after now, when that is already past too),
 * recorded as a reissue.
 */
export async function reissueHomework(db: DbOrTx, teacher: Acting, hw: HomeworkView, now: Date) {
  if (hw.state !== 'overdue') throw bad(homeworkMessages.onlyOverdueReissue);
  const pending = await db
    .select({ studentId: homeworkRecipients.studentId })
    .from(homeworkRecipients)
    .where(and(eq(homeworkRecipients.homeworkId, hw.id), isNull(homeworkRecipients.submittedAt)))
    .for('update');
  if (pending.length === 0) throw bad(homeworkMessages.nothingToReissue);
  const previous = hw.reissueEndTime ?? hw.endTime;
  const base = previous.getTime() + homeworkLimits.reissueExtensionDays * DAY_MS > now.getTime() ? previous : now;
  const endTime = new Date(base.getTime() + homeworkLimits.reissueExtensionDays * DAY_MS);
  const [reissue] = await db
    .insert(homeworkReissues)
    .values({ teacherId: teacher.id, homeworkId: hw.id, previousEndTime: previous, endTime, createdAt: now })
    .returning({ id: homeworkReissues.id });
  const ids = pending.map((p) => p.studentId);
  await db.insert(homeworkReissueStudents).values(ids.map((studentId) => ({ reissueId: reissue!.id, studentId })));
  await db
    .update(homeworkRecipients)
    .set({ reissueId: reissue!.id, reissueEndTime: endTime })
    .where(and(eq(homeworkRecipients.homeworkId, hw.id), inArray(homeworkRecipients.studentId, ids)));
  await db
    .update(homework)
    .set({ hasDelay: true, reissueEndTime: endTime, closedAt: null, updatedAt: now })
    .where(eq(homework.id, hw.id));
  return { reissueId: reissue!.id, endTime, studentCount: ids.length };
}
