import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { homeworkTopics, studentMessages } from '../../db/schema/index.js';

/**
 * Reading and writing the teacher → child messages (docs/student-messages.md). The teacher's
 * reads filter by the acting teacher (and a homework the homework policy has already granted);
 * the child's reads filter by the child.
 */
export type MessageRecord = typeof studentMessages.$inferSelect;
type NewMessage = typeof studentMessages.$inferInsert;

/** A topic with its homework, by id alone: its caller then asks the homework policy. */
export async function unsafeTopic(db: DbOrTx, topicId: number) {
  const [row] = await db
    .select({
      id: homeworkTopics.id,
      homeworkId: homeworkTopics.homeworkId,
      title: homeworkTopics.title,
      type: homeworkTopics.type,
    })
    .from(homeworkTopics)
    .where(eq(homeworkTopics.id, topicId));
  return row ?? null;
}

export type RecipientRecord = {
  studentId: number;
  loginId: string;
  name: string;
  number: string | null;
  submitted: boolean;
  /** The child's own deadline: the reissue's when reissued to them. */
  deadline: Date;
  /** The child's last reminder of this homework (null before the first). */
  lastReminder: Date | null;
};

/**
 * The recipients of a homework the homework policy granted (graduated children left out), with
 * their deadline and last reminder; only the listed login ids when given.
 */
export async function recipientsOf(db: DbOrTx, homeworkId: number, loginIds?: string[]) {
  const { rows } = await db.execute<{
    studentId: number;
    loginId: string;
    name: string;
    number: string | null;
    submitted: boolean;
    deadline: string | Date;
    lastReminder: string | Date | null;
  }>(sql`
    select s.id as "studentId", s.login_id as "loginId", s.name, s.number, r.submitted_at is not null as submitted,
      coalesce(r.reissue_end_time, h.end_time) as deadline,
      (select max(m.created_at) from student_messages m
        where m.homework_id = r.homework_id and m.student_id = r.student_id and m.kind = 'reminder') as "lastReminder"
    from homework_recipients r
    join students s on s.id = r.student_id
    join homework h on h.id = r.homework_id
    where r.homework_id = ${homeworkId} and s.archived_at is null
      ${
        loginIds
          ? sql`and s.login_id in (${sql.join(
              loginIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    order by s.id`);
  return rows.map((r): RecipientRecord => ({
    studentId: r.studentId,
    loginId: r.loginId,
    name: r.name,
    number: r.number,
    submitted: r.submitted,
    deadline: new Date(r.deadline),
    lastReminder: r.lastReminder === null ? null : new Date(r.lastReminder),
  }));
}

/** Reminders of one homework are sent one call after another (a double click sends once). */
export async function lockReminders(db: DbOrTx, homeworkId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(32101, ${homeworkId})`);
}

export async function insertMessages(db: DbOrTx, rows: NewMessage[]) {
  if (!rows.length) return [];
  return db.insert(studentMessages).values(rows).returning();
}

/** A note of the teacher's by its guid. */
export async function findNoteByGuid(db: DbOrTx, teacherId: number, guid: string) {
  const [row] = await db
    .select()
    .from(studentMessages)
    .where(and(eq(studentMessages.teacherId, teacherId), eq(studentMessages.guid, guid)));
  return row ?? null;
}

/** Insert a note; null when the guid was taken meanwhile (a concurrent request of the same guid). */
export async function insertNote(db: DbOrTx, row: NewMessage) {
  const [inserted] = await db.insert(studentMessages).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The teacher's notes to one child about one topic, newest first. */
export async function notesOf(db: DbOrTx, teacherId: number, studentId: number, topicId: number) {
  return db
    .select()
    .from(studentMessages)
    .where(
      and(
        eq(studentMessages.teacherId, teacherId),
        eq(studentMessages.studentId, studentId),
        eq(studentMessages.topicId, topicId),
        eq(studentMessages.kind, 'note'),
      ),
    )
    .orderBy(desc(studentMessages.createdAt), desc(studentMessages.id));
}

/** What the child sees: messages not of a deleted homework, whose time has come (a scheduled message's). */
const visibleTo = (studentId: number, now: Date) =>
  sql`m.student_id = ${studentId} and (m.homework_id is null or h.deleted_at is null) and m.created_at <= ${now.toISOString()}`;

export type InboxRecord = {
  id: number;
  kind: 'reminder' | 'note' | 'encouragement' | 'message';
  title: string | null;
  body: string;
  motivationIds: number[] | null;
  createdAt: string | Date;
  readAt: string | Date | null;
  teacherName: string;
  homeworkId: number | null;
  homeworkTitle: string | null;
  topicId: number | null;
  topicTitle: string | null;
  topicType: string | null;
};

export async function inboxPage(db: DbOrTx, studentId: number, q: { page: number; limit: number }, now: Date) {
  const [{ rows }, total, unread] = await Promise.all([
    db.execute<InboxRecord>(sql`
      select m.id, m.kind, tm.title, m.body, m.motivation_ids as "motivationIds", m.created_at as "createdAt", m.read_at as "readAt",
        t.nickname as "teacherName", h.id as "homeworkId", h.title as "homeworkTitle",
        ht.id as "topicId", ht.title as "topicTitle", ht.type as "topicType"
      from student_messages m
      join teachers t on t.id = m.teacher_id
      left join homework h on h.id = m.homework_id
      left join homework_topics ht on ht.id = m.topic_id
      left join teacher_messages tm on tm.id = m.message_id
      where ${visibleTo(studentId, now)}
      order by m.created_at desc, m.id desc
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    countVisible(db, studentId, false, now),
    countVisible(db, studentId, true, now),
  ]);
  return { rows, total, unread };
}

export async function countVisible(db: DbOrTx, studentId: number, unreadOnly: boolean, now: Date) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from student_messages m left join homework h on h.id = m.homework_id
    where ${visibleTo(studentId, now)} ${unreadOnly ? sql`and m.read_at is null` : sql``}`);
  return rows[0]?.n ?? 0;
}

/** How many of the listed messages are the child's (and visible to them). */
export async function ownCount(db: DbOrTx, studentId: number, ids: number[], now: Date) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from student_messages m left join homework h on h.id = m.homework_id
    where ${visibleTo(studentId, now)} and m.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return rows[0]?.n ?? 0;
}

/** Mark the child's listed (or all) unread messages read. */
export async function markRead(db: DbOrTx, studentId: number, ids: number[] | undefined, now: Date) {
  const rows = await db
    .update(studentMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(studentMessages.studentId, studentId),
        isNull(studentMessages.readAt),
        lte(studentMessages.createdAt, now),
        ids ? inArray(studentMessages.id, ids) : undefined,
      ),
    )
    .returning({ id: studentMessages.id });
  return rows.length;
}
