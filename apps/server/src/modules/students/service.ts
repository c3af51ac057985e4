import {
  ErrorCode,
  messages,
  normaliseClassCode,
  passwordProblem,
  studentMessages,
  yearMessages,
} from '@ondoku/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { onUniqueViolation } from '../../db/errors.js';
import { classStudents, STUDENT_LOGIN_ID_KEY, students, studentTokens } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { unsafeFindClassByCode } from '../classes/index.js';
import { requireOwnClass } from '../classes/policy.js';
import { generateInitialPassword, hashIssuedPassword, hashIssuedPasswords } from './passwords.js';
import { requireOwnStudent, requireOwnStudents } from './policy.js';
import {
  ANALYZE_AFTER_ROWS,
  classesOfStudents,
  listClassStudents,
  membersAmong,
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

/**
 * The teacher's students without a class, found again by an import: their register fields are
 * updated from the row (and the row's password, if any, becomes their initial password) and they
 * join the import's class. Login, history and results stay theirs.
 */
export async function rejoinStudents(
  tx: DbOrTx,
  box: SecretBox,
  teacherId: number,
  list: (Omit<NewStudent, 'classIds'> & { id: number; classId: number })[],
) {
  for (const s of list) {
    const password = s.password
      ? {
          passwordHash: await hashIssuedPassword(s.password),
          initialPasswordEnc: box.seal(s.password),
          passwordChangedAt: null,
          // A new password renews the login card: the old card's QR key stops working (docs/learn.md).
          cardVersion: sql`${students.cardVersion} + 1`,
        }
      : {};
    await tx
      .update(students)
      .set({
        name: s.name,
        furigana: s.furigana ?? '',
        gradeName: s.gradeName ?? '',
        kumi: s.kumi ?? '',
        number: s.number ?? null,
        ...password,
        updatedAt: new Date(),
      })
      .where(and(eq(students.teacherId, teacherId), eq(students.id, s.id)));
  }
  await tx
    .insert(classStudents)
    .values(list.map((s) => ({ classId: s.classId, studentId: s.id })))
    .onConflictDoNothing();
  return list.length;
}

export async function assertLoginIdsFree(db: DbOrTx, loginIds: string[]) {
  if ((await unsafeFindTakenLoginIds(db, loginIds)).size > 0) throw studentIdTaken();
}

export async function changeStudentInfo(
  db: DbOrTx,
  teacherId: number,
  loginId: string,
  info: { name: string; furigana?: string; gradeName?: string; kumi?: string; number?: string | null },
) {
  const s = await requireOwnStudent(db, me(teacherId), loginId);
  // Only what the call names changes (docs/classes.md, "Changing a student").
  const named = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(students)
    .set({ ...named, updatedAt: new Date() })
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
  const hash = await hashIssuedPassword(password);
  // A new password renews the login card (the old card's QR key stops working, docs/learn.md) and
  // signs the student out everywhere, as a teacher's reset does (docs/security.md, "Sessions").
  // One statement, so both land or neither.
  await db.execute(sql`
    with changed as (
      update ${students} set password_hash = ${hash}, initial_password_enc = ${box.seal(password)},
        password_changed_at = null, card_version = ${students.cardVersion} + 1, updated_at = now()
      where ${students.teacherId} = ${teacherId} and ${students.id} = ${s.id} returning ${students.id}
    )
    update ${studentTokens} set revoked_at = now()
    where ${studentTokens.studentId} in (select id from changed) and ${studentTokens.revokedAt} is null`);
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
    join classes oc on oc.id = other.class_id and oc.deleted_at is null and oc.archived_at is null
    join students s on s.id = cs.student_id and s.archived_at is null
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
    where cs.class_id = ${classId} and s.teacher_id = ${teacherId} and s.archived_at is null for update of s`);
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
  // The students' sessions end with their old passwords (docs/security.md, "Sessions"): one statement.
  const res = await db.execute<{ id: number }>(sql`
    with changed as (
      update ${students} set password_hash = u.hash, initial_password_enc = u.sealed,
        password_changed_at = null, card_version = ${students.cardVersion} + 1, updated_at = now()
      from unnest(${sql.param(own.map((s) => s.id))}::int[], ${sql.param(hashes)}::text[], ${sql.param(sealed)}::text[]) as u(id, hash, sealed)
      where ${students.id} = u.id and ${students.teacherId} = ${teacherId} returning ${students.id}
    ), revoked as (
      update ${studentTokens} set revoked_at = now()
      where ${studentTokens.studentId} in (select id from changed) and ${studentTokens.revokedAt} is null
    )
    select id from changed`);
  return res.rows.length;
}

/** Login cards of a class (or of the listed students of it), in attendance-number order. */
export async function initialPasswordCards(db: DbOrTx, teacherId: number, classId: number, loginIds?: string[]) {
  const c = await requireOwnClass(db, me(teacherId), classId, { readOnly: true });
  let rows = await listClassStudents(db, teacherId, classId);
  if (loginIds?.length) {
    const wanted = new Set(loginIds.map((s) => s.toLowerCase()));
    rows = rows.filter((s) => wanted.has(s.loginId.toLowerCase()));
    if (rows.length !== wanted.size) throw AppError.forbidden();
  }
  return { class: c, students: rows };
}

// ── Moving and adding, students without a class (docs/classes.md) ───────────────────────────────────

export const moveMessages = {
  sameClass: '移動先には、移動元と別のクラスを選んでください。',
} as const;

/** The listed students, all the teacher's current students (graduates are read-only), or 403. */
async function requireCurrentStudents(db: DbOrTx, teacherId: number, loginIds: string[]) {
  const own = await requireOwnStudents(db, me(teacherId), loginIds);
  if (own.some((s) => s.archivedAt)) throw AppError.forbidden();
  return own;
}

/** Add students to a class of the teacher (one INSERT; members already there are left alone). */
export async function batchAddToClass(db: DbOrTx, teacherId: number, classId: number, loginIds: string[]) {
  await requireOwnClass(db, me(teacherId), classId);
  const own = await requireCurrentStudents(db, teacherId, loginIds);
  const added = await db
    .insert(classStudents)
    .values(own.map((s) => ({ classId, studentId: s.id })))
    .onConflictDoNothing()
    .returning({ id: classStudents.studentId });
  return added.length;
}

/**
 * Move students from one class to another in the call's transaction: out of `fromId`, into
 * `toId`. The account, its login, history and results are the student's, so nothing else
 * changes. Every listed student must be a member of `fromId` (else 403, nothing moved).
 */
export async function batchMoveToClass(
  tx: DbOrTx,
  teacherId: number,
  fromId: number,
  toId: number,
  loginIds: string[],
) {
  await requireOwnClass(tx, me(teacherId), fromId);
  await requireOwnClass(tx, me(teacherId), toId);
  if (fromId === toId) throw AppError.badRequest(moveMessages.sameClass);
  const own = await requireCurrentStudents(tx, teacherId, loginIds);
  const ids = own.map((s) => s.id);
  const members = await membersAmong(tx, fromId, ids);
  if (members.size !== ids.length) throw AppError.forbidden();
  await tx.delete(classStudents).where(and(eq(classStudents.classId, fromId), inArray(classStudents.studentId, ids)));
  await tx
    .insert(classStudents)
    .values(ids.map((studentId) => ({ classId: toId, studentId })))
    .onConflictDoNothing();
  return ids.length;
}

/** Delete the listed student accounts of the teacher (one statement; their memberships go with them). */
export async function batchDeleteStudents(db: DbOrTx, teacherId: number, loginIds: string[]) {
  const own = await requireOwnStudents(db, me(teacherId), loginIds);
  const gone = await db
    .delete(students)
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
  return gone.length;
}

/** Login cards of the listed students, whatever their class; the card names their first class. */
export async function loginCardsOfStudents(db: DbOrTx, teacherId: number, loginIds: string[]) {
  const own = await requireCurrentStudents(db, teacherId, loginIds);
  const classes = await classesOfStudents(
    db,
    teacherId,
    own.map((s) => s.id),
  );
  const byNumber = (a: (typeof own)[number], b: (typeof own)[number]) =>
    Number(a.number ?? Infinity) - Number(b.number ?? Infinity) || a.loginId.localeCompare(b.loginId);
  return own.sort(byNumber).map((s) => ({ student: s, className: classes.get(s.id)?.[0]?.name ?? null }));
}

// ── Joining a class by its code (the students' side calls this; docs/classes.md) ────────────

/**
 * A student joins a class by its code. Limits: only a class of the student's own teacher (a code
 * of another teacher's class answers as a wrong code, so codes cannot be probed across schools);
 * the class must be of this year and open (allow_join 1); a graduate cannot join; at most
 * yearLimits.joinFailuresPerHour wrong or refused codes per student per hour (rate_limits, kept
 * outside any transaction). Joining a class the student is already in succeeds and changes nothing.
 */
export async function joinClassByCode(db: DbOrTx, limiter: RateLimiter, studentId: number, rawCode: string) {
  const limit = rateLimits.joinFailuresOfStudent(studentId);
  if (await limiter.isLimited(limit)) throw new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);
  const fail = async (error: AppError) => {
    await limiter.hit(limit);
    return error;
  };
  const [student] = await db.select().from(students).where(eq(students.id, studentId)).limit(1);
  if (!student || student.archivedAt) throw AppError.forbidden();
  const code = normaliseClassCode(rawCode);
  const c = code.length > 0 && code.length <= 20 ? await unsafeFindClassByCode(db, code) : null;
  if (!c || c.teacherId !== student.teacherId)
    throw await fail(new AppError(ErrorCode.CLASS_CODE_INVALID, yearMessages.codeInvalid));
  if (c.allowJoin !== 1) throw await fail(new AppError(ErrorCode.CLASS_JOIN_CLOSED, yearMessages.joinClosed));
  const added = await db
    .insert(classStudents)
    .values({ classId: c.id, studentId })
    .onConflictDoNothing()
    .returning({ id: classStudents.studentId });
  return { classId: c.id, name: c.name, joined: added.length > 0 };
}
