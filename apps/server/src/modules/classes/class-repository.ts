import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '@ondoku/contract';
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { CLASS_CODE_KEY, classes } from '../../db/schema/index.js';

/**
 * Classes, always read through the acting teacher: every function takes `teacherId` and filters
 * by it, so another teacher's class id finds nothing. A deleted class (deleted_at) is never
 * found; last year's classes (archived_at, after the roll-over) are found only by id (read-only,
 * classes/policy.ts) and by listArchivedClasses, never in the lists of this year's classes.
 */
export type ClassRow = typeof classes.$inferSelect;
export type ClassWithCount = ClassRow & { studentCount: number };

/**
 * Members who are current students (graduates left out). The members come from the class's
 * primary key alone (an index-only scan) and graduates are taken out by an anti-join on the small
 * partial index students_archived_idx, so no member's row is read: a teacher's 100 classes of 60
 * cost 6,000 index entries, not 6,000 row fetches (docs/benchmarks.md, 23 November 2026 evening).
 */
// Aliases written out: inside a subquery of the select list drizzle names columns without their table.
const studentCount = sql<number>`(select count(*)::int from class_students m where m.class_id = ${classes}.id
  and not exists (select from students s where s.id = m.student_id and s.archived_at is not null))`;

/** This year's classes: neither deleted nor archived. */
export const liveClass = and(isNull(classes.deletedAt), isNull(classes.archivedAt))!;

export async function listClasses(
  db: DbOrTx,
  teacherId: number,
  opts: { includeHidden: boolean } = { includeHidden: true },
) {
  const where = opts.includeHidden
    ? and(eq(classes.teacherId, teacherId), liveClass)
    : and(eq(classes.teacherId, teacherId), liveClass, eq(classes.hidden, false));
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
  code: classes.code,
  deletedAt: classes.deletedAt,
  archivedAt: classes.archivedAt,
  createdAt: classes.createdAt,
  updatedAt: classes.updatedAt,
};

/** One class of the teacher by id: this year's or last year's (archivedAt set), never a deleted one. */
export async function findClass(db: DbOrTx, teacherId: number, classId: number): Promise<ClassWithCount | null> {
  const [row] = await db
    .select({ ...columns, studentCount })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId), isNull(classes.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A deleted class of the teacher (for team/restore). */
export async function findDeletedClass(db: DbOrTx, teacherId: number, classId: number) {
  const [row] = await db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.id, classId), isNotNull(classes.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Last years' classes of the teacher, newest roll-over first. */
export async function listArchivedClasses(db: DbOrTx, teacherId: number) {
  const members = sql<number>`(select count(*)::int from class_students m where m.class_id = ${classes}.id)`;
  return db
    .select({ ...columns, studentCount: members })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), isNull(classes.deletedAt), isNotNull(classes.archivedAt)))
    .orderBy(desc(classes.archivedAt), asc(classes.sortOrder), asc(classes.id));
}

/** The live class with this code, of any teacher (joining by code: the caller checks the teacher). */
export async function unsafeFindClassByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.code, code), liveClass))
    .limit(1);
  return row ?? null;
}

export async function findClassesByIds(db: DbOrTx, teacherId: number, ids: number[]): Promise<ClassRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, ids), liveClass));
}

export async function findClassByName(db: DbOrTx, teacherId: number, name: string) {
  const [row] = await db
    .select(columns)
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), eq(classes.name, name), liveClass))
    .limit(1);
  return row ?? null;
}

export async function countClasses(db: DbOrTx, teacherId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), liveClass));
  return row?.n ?? 0;
}

/** A random class code (CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH characters). */
export const drawClassCode = () =>
  Array.from({ length: CLASS_CODE_LENGTH }, () => CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)]).join('');

/**
 * Run a write that sets class codes from `draw()`, drawing again when a code is taken (the
 * partial unique index CLASS_CODE_KEY decides; one of ~900 million, so a retry is rare). Each try
 * runs in a savepoint so a refused code does not abort the caller's transaction.
 */
export async function withFreshCodes<T>(db: DbOrTx, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((sp) => write(sp));
    } catch (e) {
      if (!isUniqueViolation(e, CLASS_CODE_KEY) || attempt >= 5) throw e;
    }
  }
}

/** Insert classes at the end of the teacher's order (one INSERT; the unique name index decides). */
export async function insertClasses(db: DbOrTx, teacherId: number, list: { name: string; allowJoin?: number }[]) {
  if (list.length === 0) return [];
  const first = await nextSortOrder(db, teacherId);
  return withFreshCodes(db, (tx) =>
    tx
      .insert(classes)
      .values(
        list.map((c, i) => ({
          teacherId,
          name: c.name,
          allowJoin: c.allowJoin ?? 1,
          sortOrder: first + i,
          code: drawClassCode(),
        })),
      )
      .returning(),
  );
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
