import { ErrorCode, passwordProblem, studentMessages } from '@ondoku/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { onUniqueViolation } from '../../db/errors.js';
import { classStudents, STUDENT_LOGIN_ID_KEY, students } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { requireOwnClass } from '../classes/policy.js';
import { generateInitialPassword, hashIssuedPassword, hashIssuedPasswords } from './passwords.js';
import { requireOwnStudent, requireOwnStudents } from './policy.js';
import {
  ANALYZE_AFTER_ROWS,
  listClassStudents,
  refreshStudentStatistics,
  unsafeFindTakenLoginIds,
} from './student-repository.js';

/**
 * Student accounts: creation (imports and the demo seed), profile changes and the bulk actions.
 * A call that writes several rows gives these its transaction (`route(…, { transaction: true })`);
 * every student or class touched is first loaded through the acting teacher's policy.
 */

export interface NewStudent {
  loginId: string;
  name: string;
  furigana?: string;
  gradeName?: string;
  /** The 組 of the school's register (JSON class_name). */
  kumi?: string;
  number?: string | null;
  /** Issued password; generated when absent. */
  password?: string;
  /** Classes of the same teacher to join (already checked to be the teacher's). */
  classIds: number[];
}

const CHUNK = 1000;
const studentIdTaken = () => new AppError(ErrorCode.STUDENT_ID_TAKEN, studentMessages.studentIdTaken);
const me = (teacherId: number) => ({ id: teacherId });

/**
 * Create students (multi-row inserts of at most 1,000 rows) with their memberships. Give it a
 * transaction when it is one step of a call. A login id taken meanwhile by someone else (the
 * unique index) fails the whole batch with STUDENT_ID_TAKEN.
 */
export async function createStudents(db: DbOrTx, box: SecretBox, teacherId: number, list: NewStudent[]) {
  const passwords = list.map((s) => s.password ?? generateInitialPassword());
  const hashes = await hashIssuedPasswords(passwords);
  let created = 0;
  for (let start = 0; start < list.length; start += CHUNK) {
    const slice = list.slice(start, start + CHUNK);
    const inserted = await onUniqueViolation(
      () =>
        db
          .insert(students)
          .values(
            slice.map((s, i) => ({
              teacherId,
              loginId: s.loginId,
              name: s.name,
              furigana: s.furigana ?? '',
              gradeName: s.gradeName ?? '',
              kumi: s.kumi ?? '',
              number: s.number ?? null,
              passwordHash: hashes[start + i]!,
              initialPasswordEnc: box.seal(passwords[start + i]!),
            })),
          )
          .returning({ id: students.id }),
      studentIdTaken,
      STUDENT_LOGIN_ID_KEY,
    );
    const memberships = slice.flatMap((s, i) => s.classIds.map((classId) => ({ classId, studentId: inserted[i]!.id })));
    if (memberships.length) await db.insert(classStudents).values(memberships).onConflictDoNothing();
    created += inserted.length;
  }
  if (created >= ANALYZE_AFTER_ROWS) await refreshStudentStatistics(db);
  return created;
}

export async function assertLoginIdsFree(db: DbOrTx, loginIds: string[]) {
  if ((await unsafeFindTakenLoginIds(db, loginIds)).size > 0) throw studentIdTaken();
}

export async function changeStudentInfo(
  db: DbOrTx,
  teacherId: number,
  loginId: string,
  info: { name: string; furigana: string; gradeName: string; kumi: string; number: string | null },
) {
  const s = await requireOwnStudent(db, me(teacherId), loginId);
  const [row] = await db
    .update(students)
    .set({ ...info, updatedAt: new Date() })
    .where(and(eq(students.teacherId, teacherId), eq(students.id, s.id)))
    .returning();
  return row!;
}

/** The teacher sets a password; it is what the card prints until the student sets their own. */
export async function setStudentPassword(
  db: DbOrTx,
  box: SecretBox,
  teacherId: number,
  loginId: string,
  password: string,
) {
  const problem = passwordProblem(password);
  if (problem) throw AppError.badRequest(problem);
  const s = await requireOwnStudent(db, me(teacherId), loginId);
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

export async function leaveClass(db: DbOrTx, teacherId: number, loginId: string, classId: number) {
  await requireOwnClass(db, me(teacherId), classId);
  const s = await requireOwnStudent(db, me(teacherId), loginId);
  const gone = await db
    .delete(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, s.id)))
    .returning({ id: classStudents.studentId });
  if (gone.length === 0) throw AppError.notFound();
}

export async function batchLeaveClass(db: DbOrTx, teacherId: number, classId: number, loginIds: string[]) {
  await requireOwnClass(db, me(teacherId), classId);
  const own = await requireOwnStudents(db, me(teacherId), loginIds);
  // One statement: atomic without a transaction.
  const gone = await db
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
}

export async function batchSetField(
  db: DbOrTx,
  teacherId: number,
  loginIds: string[],
  change: { gradeName: string } | { kumi: string },
) {
  const own = await requireOwnStudents(db, me(teacherId), loginIds);
  // One statement: atomic without a transaction.
  const updated = await db
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
}

/** What batch-deletion of a class would delete. */
export async function deletionSummary(db: DbOrTx, teacherId: number, classId: number) {
  const c = await requireOwnClass(db, me(teacherId), classId);
  const [row] = await db
    .execute<{ n: number }>(
      sql`
    select count(distinct cs.student_id)::int as n from ${classStudents} cs
    join ${classStudents} other on other.student_id = cs.student_id and other.class_id <> cs.class_id
    where cs.class_id = ${classId}`,
    )
    .then((r) => r.rows);
  return { class: c, inOtherClassesCount: row?.n ?? 0 };
}

/**
 * Delete every student account of the class (their memberships of other classes go with them);
 * the class itself stays. `expectedCount` is what the teacher confirmed: if the class changed in
 * the meantime nothing is deleted.
 */
export async function batchDeleteClassStudents(tx: DbOrTx, teacherId: number, classId: number, expectedCount: number) {
  await requireOwnClass(tx, me(teacherId), classId);
  // In the call's transaction: the rows stay locked from the count to the delete.
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
}

/** New generated initial passwords for the students (their own passwords stop working); one UPDATE. */
export async function reissueInitialPasswords(db: DbOrTx, box: SecretBox, teacherId: number, loginIds: string[]) {
  const own = await requireOwnStudents(db, me(teacherId), loginIds);
  const passwords = own.map(() => generateInitialPassword());
  const hashes = await hashIssuedPasswords(passwords);
  const sealed = passwords.map((p) => box.seal(p));
  const res = await db.execute(sql`
    update ${students} set password_hash = u.hash, initial_password_enc = u.sealed,
      password_changed_at = null, updated_at = now()
    from unnest(${sql.param(own.map((s) => s.id))}::int[], ${sql.param(hashes)}::text[], ${sql.param(sealed)}::text[]) as u(id, hash, sealed)
    where ${students.id} = u.id and ${students.teacherId} = ${teacherId}`);
  return res.rowCount ?? 0;
}

/** Login cards of a class (or of the listed students of it), in attendance-number order. */
export async function initialPasswordCards(db: DbOrTx, teacherId: number, classId: number, loginIds?: string[]) {
  const c = await requireOwnClass(db, me(teacherId), classId);
  let rows = await listClassStudents(db, teacherId, classId);
  if (loginIds?.length) {
    const wanted = new Set(loginIds.map((s) => s.toLowerCase()));
    rows = rows.filter((s) => wanted.has(s.loginId.toLowerCase()));
    if (rows.length !== wanted.size) throw AppError.forbidden();
  }
  return { class: c, students: rows };
}
