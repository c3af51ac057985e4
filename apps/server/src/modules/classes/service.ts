import { classLimits, classMessages, ErrorCode } from '@ondoku/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classes } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import {
  countClasses,
  findClassByName,
  listClasses,
  nextSortOrder,
  requireClass,
  type ClassWithCount,
} from './class-repository.js';

/** Creating, renaming, ordering and hiding classes; used by the calls and the demo seed. */

async function assertNameFree(db: Db, teacherId: number, name: string, exceptId?: number) {
  const same = await findClassByName(db, teacherId, name);
  if (same && same.id !== exceptId) throw new AppError(ErrorCode.CLASS_NAME_TAKEN, classMessages.classNameTaken);
}

export async function createClass(
  db: Db,
  teacherId: number,
  input: { name: string; allowJoin?: number },
): Promise<ClassWithCount> {
  if ((await countClasses(db, teacherId)) >= classLimits.maxClasses)
    throw new AppError(ErrorCode.CLASS_LIMIT, classMessages.classLimit);
  await assertNameFree(db, teacherId, input.name);
  const [row] = await db
    .insert(classes)
    .values({
      teacherId,
      name: input.name,
      allowJoin: input.allowJoin ?? 1,
      sortOrder: await nextSortOrder(db, teacherId),
    })
    .returning();
  return { ...row!, studentCount: 0 };
}

export async function updateClass(
  db: Db,
  teacherId: number,
  classId: number,
  input: { name: string; allowJoin: number },
): Promise<ClassWithCount> {
  const current = await requireClass(db, teacherId, classId);
  await assertNameFree(db, teacherId, input.name, classId);
  await db
    .update(classes)
    .set({ name: input.name, allowJoin: input.allowJoin, updatedAt: new Date() })
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId)));
  return { ...current, name: input.name, allowJoin: input.allowJoin };
}

export async function setClassHidden(db: Db, teacherId: number, classId: number, hidden: boolean) {
  const current = await requireClass(db, teacherId, classId);
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
export async function reorderClasses(db: Db, teacherId: number, classIds: number[]) {
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
