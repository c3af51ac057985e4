import { classLimits, classMessages, ErrorCode, isValidPassword, messages, studentMessages } from '@ondoku/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classes, classStudents, students } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { countClasses, nextSortOrder, requireClass } from '../classes/class-repository.js';
import { generateInitialPassword, hashIssuedPassword, hashIssuedPasswords } from './passwords.js';
import {
  listClassStudents,
  requireOwnStudents,
  requireStudent,
  unsafeFindTakenLoginIds,
} from './student-repository.js';

/**
 * Student accounts: creation (imports and the demo seed), profile changes and the bulk actions.
 * Every write of several rows runs in one transaction, and every student or class it touches is
 * first loaded through the acting teacher.
 */

export interface NewStudent {
  loginId: string;
  name: string;
  furigana?: string;
  gradeName?: string;
  className?: string;
  number?: string | null;
  /** Issued password; generated when absent. */
  password?: string;
  /** Classes of the same teacher to join. */
  classIds: number[];
  /** A class to create in the same transaction (by name) and join. */
  newClassName?: string;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';
const CHUNK = 1000;

/**
 * Create students in one transaction (multi-row inserts of at most 1,000 rows). The caller has
 * validated the rows and checked the class ids belong to the teacher; a login id taken meanwhile
 * by someone else fails the whole batch with STUDENT_ID_TAKEN.
 */
export async function createStudents(db: Db, box: SecretBox, teacherId: number, list: NewStudent[]) {
  const passwords = list.map((s) => s.password ?? generateInitialPassword());
  const hashes = await hashIssuedPasswords(passwords);
  const newNames = [...new Set(list.flatMap((s) => (s.newClassName ? [s.newClassName] : [])))];
  if (newNames.length && (await countClasses(db, teacherId)) + newNames.length > classLimits.maxClasses)
    throw new AppError(ErrorCode.CLASS_LIMIT, classMessages.classLimit);
  try {
    return await db.transaction(async (tx) => {
      const newIds = new Map<string, number>();
      if (newNames.length) {
        const first = await nextSortOrder(tx as unknown as Db, teacherId);
        const made = await tx
          .insert(classes)
          .values(newNames.map((name, i) => ({ teacherId, name, sortOrder: first + i })))
          .returning({ id: classes.id, name: classes.name });
        for (const c of made) newIds.set(c.name, c.id);
      }
      let created = 0;
      for (let start = 0; start < list.length; start += CHUNK) {
        const slice = list.slice(start, start + CHUNK);
        const inserted = await tx
          .insert(students)
          .values(
            slice.map((s, i) => ({
              teacherId,
              loginId: s.loginId,
              name: s.name,
              furigana: s.furigana ?? '',
              gradeName: s.gradeName ?? '',
              className: s.className ?? '',
              number: s.number ?? null,
              passwordHash: hashes[start + i]!,
              initialPasswordEnc: box.seal(passwords[start + i]!),
            })),
          )
          .returning({ id: students.id });
        const memberships = slice.flatMap((s, i) =>
          [...s.classIds, ...(s.newClassName ? [newIds.get(s.newClassName)!] : [])].map((classId) => ({
            classId,
            studentId: inserted[i]!.id,
          })),
        );
        if (memberships.length) await tx.insert(classStudents).values(memberships).onConflictDoNothing();
        created += inserted.length;
      }
      return created;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.STUDENT_ID_TAKEN, studentMessages.studentIdTaken);
    throw e;
  }
}

export async function assertLoginIdsFree(db: Db, loginIds: string[]) {
  if ((await unsafeFindTakenLoginIds(db, loginIds)).size > 0)
    throw new AppError(ErrorCode.STUDENT_ID_TAKEN, studentMessages.studentIdTaken);
}

export async function changeStudentInfo(
  db: Db,
  teacherId: number,
  loginId: string,
  info: { name: string; furigana: string; gradeName: string; className: string; number: string | null },
) {
  const s = await requireStudent(db, teacherId, loginId);
  const [row] = await db
    .update(students)
    .set({ ...info, updatedAt: new Date() })
    .where(and(eq(students.teacherId, teacherId), eq(students.id, s.id)))
    .returning();
  return row!;
}

/** The teacher sets a password; it is what the card prints until the student sets their own. */
export async function setStudentPassword(db: Db, box: SecretBox, teacherId: number, loginId: string, password: string) {
  if (!isValidPassword(password)) throw AppError.badRequest(messages.passwordRule);
  const s = await requireStudent(db, teacherId, loginId);
  await db
    .update(students)
    .set({
      passwordHash: await hashIssuedPassword(password),
      initialPasswordEnc: box.seal(password),
      passwordChangedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(students.teacherId, teacherId), eq(students.id, s.id)));
}

export async function leaveClass(db: Db, teacherId: number, loginId: string, classId: number) {
  await requireClass(db, teacherId, classId);
  const s = await requireStudent(db, teacherId, loginId);
  const gone = await db
    .delete(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, s.id)))
    .returning({ id: classStudents.studentId });
  if (gone.length === 0) throw AppError.notFound();
}

export async function batchLeaveClass(db: Db, teacherId: number, classId: number, loginIds: string[]) {
  await requireClass(db, teacherId, classId);
  const own = await requireOwnStudents(db, teacherId, loginIds);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(classStudents)
      .where(
        and(
          eq(classStudents.classId, classId),
          inArray(
            classStudents.studentId,
            own.map((s) => s.id),
          ),
        ),
      )
      .returning({ id: classStudents.studentId });
    return gone.length;
  });
}

export async function batchSetField(
  db: Db,
  teacherId: number,
  loginIds: string[],
  change: { gradeName: string } | { className: string },
) {
  const own = await requireOwnStudents(db, teacherId, loginIds);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(students)
      .set({ ...change, updatedAt: new Date() })
      .where(
        and(
          eq(students.teacherId, teacherId),
          inArray(
            students.id,
            own.map((s) => s.id),
          ),
        ),
      )
      .returning({ id: students.id });
    return updated.length;
  });
}

/** What batch-deletion of a class would delete. */
export async function deletionSummary(db: Db, teacherId: number, classId: number) {
  const c = await requireClass(db, teacherId, classId);
  const [row] = await db
    .execute<{ n: number }>(
      sql`
    select count(distinct cs.student_id)::int as n from ${classStudents} cs
    join ${classStudents} other on other.student_id = cs.student_id and other.class_id <> cs.class_id
    where cs.class_id = ${classId}`,
    )
    .then((r) => r.rows);
  return { team_id: c.id, name: c.name, student_count: c.studentCount, in_other_teams_count: row?.n ?? 0 };
}

/**
 * Delete every student account of the class (their memberships of other classes go with them);
 * the class itself stays. `expectedCount` is what the teacher confirmed: if the class changed in
 * the meantime nothing is deleted.
 */
export async function batchDeleteClassStudents(db: Db, teacherId: number, classId: number, expectedCount: number) {
  await requireClass(db, teacherId, classId);
  return db.transaction(async (tx) => {
    const members = await tx.execute<{ id: number }>(sql`
      select s.id from ${students} s join ${classStudents} cs on cs.student_id = s.id
      where cs.class_id = ${classId} and s.teacher_id = ${teacherId} for update of s`);
    if (members.rows.length !== expectedCount)
      throw new AppError(ErrorCode.DELETION_COUNT_CHANGED, studentMessages.deletionCountChanged);
    if (members.rows.length === 0) return 0;
    const gone = await tx
      .delete(students)
      .where(
        and(
          eq(students.teacherId, teacherId),
          inArray(
            students.id,
            members.rows.map((r) => r.id),
          ),
        ),
      )
      .returning({ id: students.id });
    return gone.length;
  });
}

/** New generated initial passwords for the students (their own passwords stop working). */
export async function reissueInitialPasswords(db: Db, box: SecretBox, teacherId: number, loginIds: string[]) {
  const own = await requireOwnStudents(db, teacherId, loginIds);
  const passwords = own.map(() => generateInitialPassword());
  const hashes = await hashIssuedPasswords(passwords);
  const sealed = passwords.map((p) => box.seal(p));
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      update ${students} set password_hash = u.hash, initial_password_enc = u.sealed,
        password_changed_at = null, updated_at = now()
      from unnest(${sql.param(own.map((s) => s.id))}::int[], ${sql.param(hashes)}::text[], ${sql.param(sealed)}::text[]) as u(id, hash, sealed)
      where ${students.id} = u.id and ${students.teacherId} = ${teacherId}`);
    return res.rowCount ?? 0;
  });
}

/** Login cards of a class (or of the listed students of it), in attendance-number order. */
export async function initialPasswordCards(
  db: Db,
  box: SecretBox,
  teacherId: number,
  classId: number,
  loginIds?: string[],
) {
  const c = await requireClass(db, teacherId, classId);
  let rows = await listClassStudents(db, teacherId, classId);
  if (loginIds?.length) {
    const wanted = new Set(loginIds.map((s) => s.toLowerCase()));
    rows = rows.filter((s) => wanted.has(s.loginId.toLowerCase()));
    if (rows.length !== wanted.size) throw AppError.forbidden();
  }
  return {
    team: { team_id: c.id, name: c.name },
    rows: rows.map((s) => ({
      student_id: s.loginId,
      name: s.name,
      furigana: s.furigana,
      grade_name: s.gradeName,
      class_name: s.className,
      number: s.number,
      initial_password: s.initialPasswordEnc ? box.open(s.initialPasswordEnc) : null,
    })),
  };
}
