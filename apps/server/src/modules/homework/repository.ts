import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedRows } from '../../db/prepared.js';
import {
  classes,
  classStudents,
  homework,
  homeworkPublishKeys,
  homeworkRecipients,
  homeworkTopics,
  students,
} from '../../db/schema/index.js';
import { japanMidnight, DAY_MS } from './plan-slots.js';

export type HomeworkState = 'scheduled' | 'open' | 'overdue' | 'finished';
export type HomeworkType = 'routine' | 'periodic' | 'wordtest';

export interface HomeworkPageQuery {
  page: number;
  limit: number;
  sortField: 'start_time' | 'end_time' | 'created_at' | 'title';
  sortOrder: 'asc' | 'desc';
  searchTitle?: string;
  searchType: 'title' | 'resource';
  classId?: number;
  homeworkType?: HomeworkType;
  originType?: 'headquarters' | 'classroom';
  state?: HomeworkState;
  hasRequiredTimes?: number;
  hasDelay?: number;
  startDate?: string;
  endDate?: string;
}

/** A homework as the list and the detail show it: its row, its class, counts and state at `now`. */
export interface HomeworkView {
  id: number;
  title: string;
  type: HomeworkType;
  originType: 'headquarters' | 'classroom';
  classId: number | null;
  className: string | null;
  requiredTimes: number | null;
  hasDelay: boolean;
  startTime: Date;
  endTime: Date;
  reissueEndTime: Date | null;
  testStartTime: Date | null;
  wordTest: { word_book_code: string; part_from: number; part_to: number; word_count: number } | null;
  planId: number | null;
  createdAt: Date;
  topicCount: number;
  assignedCount: number;
  submittedCount: number;
  /** Submitted and practised the required times (modules/submissions). */
  completedCount: number;
  state: HomeworkState;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The deadline that decides the state: the last reissue's, else the homework's own. */
const deadline = sql`coalesce(h.reissue_end_time, h.end_time)`;

/** The state at `now` (contract homeworkStates), from the recipient counts kept on the row. */
const stateSql = (now: Date) => sql`case
  when h.start_time > ${now} then 'scheduled'
  when ${deadline} > ${now} then 'open'
  when h.submitted_count < h.assigned_count then 'overdue'
  else 'finished' end`;

const sortSql = {
  start_time: sql`h.start_time`,
  end_time: sql`h.end_time`,
  created_at: sql`h.created_at`,
  title: sql`h.title`,
} as const;

function filtersOf(teacherId: number, q: Partial<HomeworkPageQuery>, now: Date): SQL {
  const f: SQL[] = [sql`h.teacher_id = ${teacherId}`, sql`h.deleted_at is null`];
  if (q.searchTitle) {
    const like = `%${escapeLike(q.searchTitle)}%`;
    f.push(
      q.searchType === 'resource'
        ? sql`exists (select 1 from homework_topics t where t.homework_id = h.id and t.title ilike ${like})`
        : sql`h.title ilike ${like}`,
    );
  }
  if (q.classId !== undefined) f.push(sql`h.class_id = ${q.classId}`);
  if (q.homeworkType) f.push(sql`h.type = ${q.homeworkType}`);
  if (q.originType) f.push(sql`h.origin_type = ${q.originType}`);
  if (q.hasRequiredTimes !== undefined)
    f.push(q.hasRequiredTimes ? sql`h.required_times is not null` : sql`h.required_times is null`);
  if (q.hasDelay !== undefined) f.push(sql`h.has_delay = ${q.hasDelay === 1}`);
  if (q.startDate) f.push(sql`h.start_time >= ${japanMidnight(q.startDate)}`);
  if (q.endDate) f.push(sql`h.end_time < ${new Date(japanMidnight(q.endDate).getTime() + DAY_MS)}`);
  if (q.state) f.push(sql`${stateSql(now)} = ${q.state}`);
  return sql.join(f, sql` and `);
}

type RawView = {
  id: number;
  title: string;
  type: HomeworkType;
  origin_type: 'headquarters' | 'classroom';
  class_id: number | null;
  class_name: string | null;
  required_times: number | null;
  has_delay: boolean;
  start_time: Date;
  end_time: Date;
  reissue_end_time: Date | null;
  test_start_time: Date | null;
  word_test: HomeworkView['wordTest'];
  plan_id: number | null;
  created_at: Date;
  topic_count: number;
  assigned: number;
  submitted: number;
  completed: number;
  state: HomeworkState;
};

const toView = (r: RawView): HomeworkView => ({
  id: r.id,
  title: r.title,
  type: r.type,
  originType: r.origin_type,
  classId: r.class_id,
  className: r.class_name,
  requiredTimes: r.required_times === null ? null : Number(r.required_times),
  hasDelay: r.has_delay,
  startTime: new Date(r.start_time),
  endTime: new Date(r.end_time),
  reissueEndTime: r.reissue_end_time && new Date(r.reissue_end_time),
  testStartTime: r.test_start_time && new Date(r.test_start_time),
  wordTest: r.word_test,
  planId: r.plan_id,
  createdAt: new Date(r.created_at),
  topicCount: r.topic_count,
  assignedCount: r.assigned,
  submittedCount: r.submitted,
  completedCount: r.completed,
  state: r.state,
});

/**
 * Views of the homework chosen by `inner` (a select of h.* rows, already ordered and paged). With
 * `countWhere`, each row also carries the count of every homework matching it: an uncorrelated
 * subquery, run once (an InitPlan), in the same round trip.
 */
async function views(db: DbOrTx, inner: SQL, order: SQL, now: Date, countWhere?: SQL) {
  const total = countWhere ? sql`(select count(*)::int from homework h where ${countWhere})` : sql`null::int`;
  const rows = await preparedRows<RawView & { total: number | null }>(
    db,
    sql`
    with page as (${inner})
    select h.id, h.title, h.type, h.origin_type, h.class_id, c.name as class_name, h.required_times, h.has_delay,
      h.start_time, h.end_time, h.reissue_end_time, h.test_start_time, h.word_test, h.plan_id, h.created_at,
      (select count(*)::int from homework_topics t where t.homework_id = h.id) as topic_count,
      h.assigned_count as assigned, h.submitted_count as submitted, h.completed_count as completed,
      ${stateSql(now)} as state, ${total} as total
    from page h
    left join classes c on c.id = h.class_id
    order by ${order}`,
  );
  return { rows: rows.map(toView), total: rows[0]?.total ?? null };
}

/**
 * A page of one teacher's homework; every read is scoped to the acting teacher. One round trip:
 * the page read from the index and the total beside it (`count(*) over ()` instead would sort
 * every matching row: 15 ms for 3,000); a page past the end counts apart.
 */
export async function listTeacherHomework(db: DbOrTx, teacherId: number, q: HomeworkPageQuery, now: Date) {
  const where = filtersOf(teacherId, q, now);
  const dir = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${sortSql[q.sortField]} ${dir}, h.id desc`;
  const inner = sql`select h.* from homework h where ${where}
    order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const page = await views(db, inner, order, now, where);
  if (page.total !== null) return { rows: page.rows, total: page.total };
  const counted = await preparedRows<{ n: number }>(db, sql`select count(*)::int as n from homework h where ${where}`);
  return { rows: page.rows, total: counted[0]?.n ?? 0 };
}

/**
 * The next time one of the teacher's homework changes state by itself (a scheduled one opens, an
 * open one's deadline passes), or null: until then the list's states (and its state filter) read
 * now stay true. The list's read cache keeps a page no longer than this. Two index lookups
 * (homework_teacher_start_idx, homework_teacher_deadline_idx), not an aggregate over every
 * homework of the teacher: every reply-cache miss asks it (docs/benchmarks.md, "Hit, miss and
 * hand-ins").
 */
export async function nextStateChange(db: DbOrTx, teacherId: number, now: Date): Promise<Date | null> {
  const [row] = await preparedRows<{ next: Date | string | null }>(
    db,
    sql`
    select least(
      (select h.start_time from homework h
        where h.teacher_id = ${teacherId} and h.deleted_at is null and h.start_time > ${now}
        order by h.start_time limit 1),
      (select ${deadline} from homework h
        where h.teacher_id = ${teacherId} and h.deleted_at is null and ${deadline} > ${now}
        order by ${deadline} limit 1)) as next`,
  );
  const next = row?.next;
  return next ? new Date(next) : null;
}

/** One homework of the teacher (not deleted) as the list shows it, or null. */
export async function findHomeworkView(db: DbOrTx, teacherId: number, id: number, now: Date) {
  const inner = sql`select h.* from homework h where h.id = ${id} and h.teacher_id = ${teacherId} and h.deleted_at is null`;
  const { rows } = await views(db, inner, sql`h.id`, now);
  return rows[0] ?? null;
}

export async function topicsOf(db: DbOrTx, homeworkId: number) {
  return db
    .select()
    .from(homeworkTopics)
    .where(eq(homeworkTopics.homeworkId, homeworkId))
    .orderBy(asc(homeworkTopics.position));
}

/** Homework counted against the distribution limit: not deleted and whose deadline has not passed. */
export async function countActiveHomework(db: DbOrTx, teacherId: number, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(homework)
    .where(
      and(
        eq(homework.teacherId, teacherId),
        isNull(homework.deletedAt),
        sql`coalesce(${homework.reissueEndTime}, ${homework.endTime}) > ${now}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Serialise one teacher's publishers until the transaction ends (the distribution limit is
 * counted inside it): the same advisory-lock pattern as the class limit, its own namespace.
 */
export async function lockTeacherHomework(db: DbOrTx, teacherId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ondoku:homework-limit'), ${teacherId}::int)`);
}

export type NewHomework = typeof homework.$inferInsert;
export type NewTopic = Omit<typeof homeworkTopics.$inferInsert, 'homeworkId' | 'position'>;

/** One homework with its topics and recipients. */
export async function insertHomework(
  db: DbOrTx,
  values: NewHomework,
  topics: NewTopic[],
  recipients: { studentId: number; classId: number | null; reviewItems?: unknown[] | null }[],
) {
  const [row] = await db.insert(homework).values(values).returning({ id: homework.id });
  const id = row!.id;
  if (topics.length)
    await db.insert(homeworkTopics).values(topics.map((t, i) => ({ ...t, homeworkId: id, position: i + 1 })));
  if (recipients.length) await db.insert(homeworkRecipients).values(recipients.map((r) => ({ ...r, homeworkId: id })));
  return id;
}

/** The students of the teacher's classes, in the order of `classIds`, each class's by attendance number. */
export async function membersOfClasses(db: DbOrTx, teacherId: number, classIds: number[]) {
  if (classIds.length === 0) return [];
  return db
    .select({ classId: classStudents.classId, studentId: students.id })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(
      and(
        eq(students.teacherId, teacherId),
        eq(classes.teacherId, teacherId),
        inArray(classStudents.classId, classIds),
      ),
    )
    .orderBy(sql`(${students.number})::bigint nulls last`, asc(students.loginId));
}

/** The teacher's own classes and students among the given ids (plans re-check them at each distribution). */
export async function ownClassIds(db: DbOrTx, teacherId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, ids)));
  const own = new Set(rows.map((r) => r.id));
  return ids.filter((id) => own.has(id));
}
export async function ownStudentIds(db: DbOrTx, teacherId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.teacherId, teacherId), inArray(students.id, ids)));
  const own = new Set(rows.map((r) => r.id));
  return ids.filter((id) => own.has(id));
}

export async function studentLoginIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: students.id, loginId: students.loginId })
    .from(students)
    .where(inArray(students.id, ids));
  return new Map(rows.map((r) => [r.id, r.loginId]));
}

/* Idempotency keys of publish-homework */

/**
 * Claim a request key for this transaction. null: claimed now (go on and publish); otherwise the
 * stored result of the publish that claimed it first. A second request with the same key waits
 * on the first's row until that one commits (then gets its result) or rolls back (then claims it).
 */
export async function claimPublishKey(db: DbOrTx, teacherId: number, key: string) {
  const claimed = await db
    .insert(homeworkPublishKeys)
    .values({ teacherId, key, result: { homework_ids: [], plan_id: null } })
    .onConflictDoNothing()
    .returning({ key: homeworkPublishKeys.key });
  if (claimed.length) return null;
  const [row] = await db
    .select({ result: homeworkPublishKeys.result })
    .from(homeworkPublishKeys)
    .where(and(eq(homeworkPublishKeys.teacherId, teacherId), eq(homeworkPublishKeys.key, key)));
  return row!.result;
}

export async function storePublishResult(
  db: DbOrTx,
  teacherId: number,
  key: string,
  result: { homework_ids: number[]; plan_id: number | null },
) {
  await db
    .update(homeworkPublishKeys)
    .set({ result })
    .where(and(eq(homeworkPublishKeys.teacherId, teacherId), eq(homeworkPublishKeys.key, key)));
}
