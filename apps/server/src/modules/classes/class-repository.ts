import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classes, classStudents } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Classes, always read through the acting teacher: every function takes `teacherId` and filters
 * by it, so another teacher's class id finds nothing.
 */
export type ClassRow = typeof classes.$inferSelect;
export type ClassWithCount = ClassRow & { studentCount: number };

const studentCount = sql<number>`(select count(*)::int from ${classStudents} where ${classStudents.classId} = ${classes.id})`;

export async function listClasses(
  db: Db,
  teacherId: number,
  opts: { includeHidden: boolean } = { includeHidden: true },
) {
  const where = opts.includeHidden
    ? eq(classes.teacherId, teacherId)
    : and(eq(classes.teacherId, teacherId), eq(classes.hidden, false));
  return db
    .select({ ...columns, studentCount })
    .from(classes)
    .where(where)
    .orderBy(asc(classes.sortOrder), asc(classes.id)) as Promise<ClassWithCount[]>;
}

const columns = {
  id: classes.id,
  teacherId: classes.teacherId,
  name: classes.name,
  allowJoin: classes.allowJoin,
  sortOrder: classes.sortOrder,
  hidden: classes.hidden,
  createdAt: classes.createdAt,
  updatedAt: classes.updatedAt,
};

export async function findClass(db: Db, teacherId: number, classId: number): Promise<ClassWithCount | null> {
  const [row] = await db
    .select({ ...columns, studentCount })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId)))
    .limit(1);
  return row ?? null;
}

/** The teacher's class, or 404 (another teacher's class is indistinguishable from a missing one). */
export async function requireClass(db: Db, teacherId: number, classId: number): Promise<ClassWithCount> {
  const row = await findClass(db, teacherId, classId);
  if (!row) throw AppError.notFound();
  return row;
}

export async function findClassesByIds(db: Db, teacherId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, ids)));
}

export async function findClassByName(db: Db, teacherId: number, name: string) {
  const [row] = await db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.name, name)))
    .limit(1);
  return row ?? null;
}

export async function countClasses(db: Db, teacherId: number) {
  const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.teacherId, teacherId));
  return row?.n ?? 0;
}

export async function nextSortOrder(db: Db, teacherId: number) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${classes.sortOrder})` })
    .from(classes)
    .where(eq(classes.teacherId, teacherId));
  return (row?.max ?? 0) + 1;
}
