import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classStudents, classes, studentMessages, students, teacherMessages, teachers } from '../../db/schema/index.js';

/**
 * Reading and writing the teacher's messages (docs/messages.md). Every teacher read filters by
 * the acting teacher; the recipients of a message are `student_messages` rows of kind `message`.
 */

export type MessageRecord = typeof teacherMessages.$inferSelect & { recipients: number; readers: number };

/** The teacher's flag, set by the operator (docs/messages.md). */
export async function allowSendMessageOf(db: DbOrTx, teacherId: number) {
  const [row] = await db.select({ allow: teachers.allowSendMessage }).from(teachers).where(eq(teachers.id, teacherId));
  return row?.allow ?? false;
}

/** The operator's command: allow or forbid a teacher to write to children. */
export async function setAllowSendMessage(db: DbOrTx, teacherId: number, allow: boolean) {
  await db.update(teachers).set({ allowSendMessage: allow }).where(eq(teachers.id, teacherId));
}

/** The current children (not graduated) of the listed classes, which the class policy granted. */
export async function membersOf(db: DbOrTx, classIds: number[]) {
  if (!classIds.length) return [];
  const rows = await db
    .selectDistinct({ id: students.id })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(inArray(classStudents.classId, classIds), isNull(students.archivedAt)));
  return rows.map((r) => r.id);
}

const counts = {
  recipients: sql<number>`(select count(*)::int from ${studentMessages} m where m.message_id = teacher_messages.id)`,
  readers: sql<number>`(select count(m.read_at)::int from ${studentMessages} m where m.message_id = teacher_messages.id)`,
};

export async function outboxPage(db: DbOrTx, teacherId: number, q: { page: number; limit: number }) {
  const where = eq(teacherMessages.teacherId, teacherId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: teacherMessages.id,
        teacherId: teacherMessages.teacherId,
        title: teacherMessages.title,
        body: teacherMessages.body,
        classIds: teacherMessages.classIds,
        chosenStudents: teacherMessages.chosenStudents,
        sendTime: teacherMessages.sendTime,
        createdAt: teacherMessages.createdAt,
        ...counts,
      })
      .from(teacherMessages)
      .where(where)
      .orderBy(desc(teacherMessages.sendTime), desc(teacherMessages.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(teacherMessages)
      .where(where),
  ]);
  return { rows: rows as MessageRecord[], total: total?.n ?? 0 };
}

/** The teacher's message, or null (another teacher's is none). */
export async function findMessage(db: DbOrTx, teacherId: number, id: number) {
  const [row] = await db
    .select({
      id: teacherMessages.id,
      teacherId: teacherMessages.teacherId,
      title: teacherMessages.title,
      body: teacherMessages.body,
      classIds: teacherMessages.classIds,
      chosenStudents: teacherMessages.chosenStudents,
      sendTime: teacherMessages.sendTime,
      createdAt: teacherMessages.createdAt,
      ...counts,
    })
    .from(teacherMessages)
    .where(and(eq(teacherMessages.teacherId, teacherId), eq(teacherMessages.id, id)));
  return (row as MessageRecord | undefined) ?? null;
}

/** The names of the classes a page of messages went to (a class deleted for good is left out). */
export async function classNames(db: DbOrTx, teacherId: number, classIds: number[]) {
  if (!classIds.length) return new Map<number, string>();
  const rows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, [...new Set(classIds)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type RecipientRecord = { loginId: string; name: string; className: string | null; readAt: Date | null };

/** Who a message went to, with their class of this year and when they read it. */
export async function recipientsOf(db: DbOrTx, messageId: number) {
  const { rows } = await db.execute<{
    loginId: string;
    name: string;
    className: string | null;
    readAt: string | Date | null;
  }>(sql`
    select s.login_id as "loginId", s.name, m.read_at as "readAt",
      (select c.name from class_students cs join classes c on c.id = cs.class_id
        where cs.student_id = s.id and c.deleted_at is null and c.archived_at is null
        order by c.sort_order, c.id limit 1) as "className"
    from student_messages m join students s on s.id = m.student_id
    where m.message_id = ${messageId}
    order by m.read_at desc nulls last, s.number nulls last, s.login_id`);
  return rows.map((r): RecipientRecord => ({
    loginId: r.loginId,
    name: r.name,
    className: r.className,
    readAt: r.readAt === null ? null : new Date(r.readAt),
  }));
}

type NewMessage = typeof teacherMessages.$inferInsert;

/** The message and one inbox row per child, which the child sees from `sendTime` on. */
export async function insertMessage(db: DbOrTx, message: NewMessage, studentIds: number[]) {
  const [row] = await db.insert(teacherMessages).values(message).returning();
  await db.insert(studentMessages).values(
    studentIds.map((studentId) => ({
      studentId,
      teacherId: message.teacherId,
      kind: 'message' as const,
      messageId: row!.id,
      body: message.body,
      createdAt: message.sendTime,
    })),
  );
  return row!;
}

/** How many of the listed messages are the teacher's. */
export async function ownCount(db: DbOrTx, teacherId: number, ids: number[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teacherMessages)
    .where(and(eq(teacherMessages.teacherId, teacherId), inArray(teacherMessages.id, ids)));
  return row?.n ?? 0;
}

/** Delete the teacher's listed messages; their inbox rows go with them (cascade). */
export async function deleteOwn(db: DbOrTx, teacherId: number, ids: number[]) {
  const rows = await db
    .delete(teacherMessages)
    .where(and(eq(teacherMessages.teacherId, teacherId), inArray(teacherMessages.id, ids)))
    .returning({ id: teacherMessages.id });
  return rows.length;
}
