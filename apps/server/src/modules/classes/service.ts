import { classLimits, classMessages, ErrorCode, yearLimits, yearMessages } from '@ondoku/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/index.js';
import { onUniqueViolation } from '../../db/errors.js';
import { CLASS_NAME_KEY } from '../../db/schema/classes.js';
import { classStudents, students } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import {
  countClasses,
  drawClassCode,
  findClass,
  findClassByName,
  findDeletedClass,
  withFreshCodes,
  insertClasses,
  lockTeacherCounts,
  listClasses,
  type ClassWithCount,
} from './class-repository.js';
import { requireOwnClass } from './policy.js';

/** Creating, renaming, ordering and hiding classes; used by the calls and the demo seed. */

const classNameTaken = () => new AppError(ErrorCode.CLASS_NAME_TAKEN, classMessages.classNameTaken);

/** The friendly check; the unique index (CLASS_NAME_KEY) catches a name taken meanwhile. */
async function assertNameFree(db: DbOrTx, teacherId: number, name: string, exceptId?: number) {
  const same = await findClassByName(db, teacherId, name);
  if (same && same.id !== exceptId) throw classNameTaken();
}

/** Run a write that sets class names, answering "name taken" when the unique index refuses it. */
const guardClassNames = <T>(write: () => Promise<T>) => onUniqueViolation(write, classNameTaken, CLASS_NAME_KEY);

/**
 * Refuse creating `adding` more classes beyond the limit. Takes the teacher's count lock first
 * (held to the end of the caller's transaction), so parallel writers of one teacher are counted
 * one after another: the caller must run in a transaction (`{ transaction: true }`).
 */
async function assertRoomForClasses(db: DbOrTx, teacherId: number, adding: number) {
  await lockTeacherCounts(db, teacherId);
  if ((await countClasses(db, teacherId)) + adding > classLimits.maxClasses)
    throw new AppError(ErrorCode.CLASS_LIMIT, classMessages.classLimit);
}

export async function createClass(
  db: DbOrTx,
  teacherId: number,
  input: { name: string; allowJoin?: number },
): Promise<ClassWithCount> {
  await assertRoomForClasses(db, teacherId, 1);
  await assertNameFree(db, teacherId, input.name);
  const [row] = await guardClassNames(() => insertClasses(db, teacherId, [input]));
  return { ...row!, studentCount: 0 };
}

/**
 * Several classes at once, by name, at the end of the order (imports that name new classes):
 * within the limit, and "name taken" if one exists meanwhile. Returns their ids by name.
 */
export async function createClasses(db: DbOrTx, teacherId: number, names: string[]) {
  if (names.length === 0) return new Map<string, number>();
  await assertRoomForClasses(db, teacherId, names.length);
  const made = await guardClassNames(() =>
    insertClasses(
      db,
      teacherId,
      names.map((name) => ({ name })),
    ),
  );
  return new Map(made.map((c) => [c.name, c.id]));
}

export async function updateClass(
  db: DbOrTx,
  teacherId: number,
  classId: number,
  input: { name: string; allowJoin: number },
): Promise<ClassWithCount> {
  const current = await requireOwnClass(db, { id: teacherId }, classId);
  await assertNameFree(db, teacherId, input.name, classId);
  await guardClassNames(() =>
    db
      .update(classes)
      .set({ name: input.name, allowJoin: input.allowJoin, updatedAt: new Date() })
      .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId))),
  );
  return { ...current, name: input.name, allowJoin: input.allowJoin };
}

export async function setClassHidden(db: DbOrTx, teacherId: number, classId: number, hidden: boolean) {
  const current = await requireOwnClass(db, { id: teacherId }, classId);
  await db
    .update(classes)
    .set({ hidden, updatedAt: new Date() })
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId)));
  return { ...current, hidden };
}

/**
 * The listed classes first, in the given order, then the others in their current order; one
 * UPDATE of every class. Any id that is not one of the teacher's classes refuses the whole call.
 */
export async function reorderClasses(db: DbOrTx, teacherId: number, classIds: number[]) {
  const all = await listClasses(db, teacherId);
  const own = new Set(all.map((c) => c.id));
  if (classIds.some((id) => !own.has(id))) throw AppError.forbidden();
  const listed = [...new Set(classIds)];
  const rest = all.map((c) => c.id).filter((id) => !listed.includes(id));
  const order = [...listed, ...rest];
  await db.execute(sql`
    update ${classes} set sort_order = o.pos, updated_at = now()
    from unnest(${sql.param(order)}::int[]) with ordinality as o(id, pos)
    where ${classes.id} = o.id and ${classes.teacherId} = ${teacherId}`);
  return listClasses(db, teacherId);
}

// ── Deleting a class (soft), restoring it, class codes ───────────────────────────────────────

/**
 * Students of the class who belong to no other class of this year (they become クラス未所属
 * when it is deleted); graduates are not counted.
 */
async function countOnlyHere(db: DbOrTx, classId: number) {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${classStudents} cs join ${students} s on s.id = cs.student_id
    where cs.class_id = ${classId} and s.archived_at is null and not exists (
      select 1 from class_students o join classes c on c.id = o.class_id
      where o.student_id = cs.student_id and o.class_id <> cs.class_id
        and c.deleted_at is null and c.archived_at is null)`);
  return res.rows[0]?.n ?? 0;
}

/**
 * Delete a class (team/delete): the row is kept with deleted_at, so homework and results keep
 * their class (read-only), and so are its memberships, so team/restore brings everything back.
 * Its students stay; those without another class are クラス未所属 from now on.
 */
export async function deleteClass(db: DbOrTx, teacherId: number, classId: number) {
  const c = await requireOwnClass(db, { id: teacherId }, classId);
  const unassignedCount = await countOnlyHere(db, classId);
  const deletedAt = new Date();
  await db
    .update(classes)
    .set({ deletedAt, updatedAt: deletedAt })
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId), isNull(classes.deletedAt)));
  return { class: c, unassignedCount, deletedAt };
}

/**
 * Undo a deletion within yearLimits.restoreWindowSeconds. The class comes back with its name,
 * order and members; if its code was given to another class meanwhile it gets a new one, and if
 * its name was reused the restore is refused (classNameTaken) so the teacher can rename first.
 */
export async function restoreClass(db: DbOrTx, teacherId: number, classId: number): Promise<ClassWithCount> {
  const gone = await findDeletedClass(db, teacherId, classId);
  if (!gone) throw AppError.notFound();
  const age = Date.now() - gone.deletedAt!.getTime();
  if (age > yearLimits.restoreWindowSeconds * 1000)
    throw new AppError(ErrorCode.CLASS_RESTORE_EXPIRED, yearMessages.restoreExpired);
  await assertRoomForClasses(db, teacherId, 1);
  await assertNameFree(db, teacherId, gone.name);
  const restore = (code: string) => (tx: DbOrTx) =>
    tx
      .update(classes)
      .set({ deletedAt: null, code, updatedAt: new Date() })
      .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId)));
  await guardClassNames(async () => {
    let first = true;
    await withFreshCodes(db, (tx) => {
      const code = first ? gone.code : drawClassCode();
      first = false;
      return restore(code)(tx);
    });
  });
  return (await findClass(db, teacherId, classId))!;
}

/** A new class code; the old one stops working at once (joins compare with the stored code). */
export async function renewClassCode(db: DbOrTx, teacherId: number, classId: number): Promise<ClassWithCount> {
  const c = await requireOwnClass(db, { id: teacherId }, classId);
  let code = c.code;
  await withFreshCodes(db, async (tx) => {
    do code = drawClassCode();
    while (code === c.code);
    await tx
      .update(classes)
      .set({ code, updatedAt: new Date() })
      .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId)));
  });
  return { ...c, code };
}
