import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classes, classStudents } from '../../db/schema/index.js';

/**
 * Classes, always read through the acting teacher: every function takes `teacherId` and filters
 * by it, so another teacher's class id finds nothing.
 */
export type ClassRow = typeof classes.$inferSelect;
export type ClassWithCount = ClassRow & { studentCount: number };

const studentCount = sql<number>`(select count(*)::int from ${classStudents} where ${classStudents.classId} = ${classes.id})`;

export async function listClasses(
  db: DbOrTx,
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

export async function findClass(db: DbOrTx, teacherId: number, classId: number): Promise<ClassWithCount | null> {
  const [row] = await db
    .select({ ...columns, studentCount })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId)))
    .limit(1);
  return row ?? null;
}

export async function findClassesByIds(db: DbOrTx, teacherId: number, ids: number[]): Promise<ClassRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, ids)));
}

export async function findClassByName(db: DbOrTx, teacherId: number, name: string) {
  const [row] = await db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.name, name)))
    .limit(1);
  return row ?? null;
}

export async function countClasses(db: DbOrTx, teacherId: number) {
  const [row] = await db.select({ n: count() }).from(classes).where(eq(classes.teacherId, teacherId));
  return row?.n ?? 0;
}

/** Insert classes at the end of the teacher's order (one INSERT; the unique name index decides). */
export async function insertClasses(db: DbOrTx, teacherId: number, list: { name: string; allowJoin?: number }[]) {
  if (list.length === 0) return [];
  const first = await nextSortOrder(db, teacherId);
  return db
    .insert(classes)
    .values(list.map((c, i) => ({ teacherId, name: c.name, allowJoin: c.allowJoin ?? 1, sortOrder: first + i })))
    .returning();
}

export async function nextSortOrder(db: DbOrTx, teacherId: number) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${classes.sortOrder})` })
    .from(classes)
    .where(eq(classes.teacherId, teacherId));
  return (row?.max ?? 0) + 1;
}

/**
 * Serialise the writers of one teacher's counted rows (classes) until the transaction ends:
 * a transaction-level advisory lock on (namespace, teacher id), so it holds across processes.
 */
export async function lockTeacherCounts(db: DbOrTx, teacherId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ondoku:teacher-counts'), ${teacherId}::int)`);
}
