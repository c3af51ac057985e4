import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classes, classStudents, students } from '../../db/schema/index.js';

/**
 * Students, always read through the acting teacher (their owner): every function takes
 * `teacherId` and filters by it. The one read across teachers is `unsafeFindTakenLoginIds`,
 * which answers only which login ids are already in use (they are unique service-wide).
 */
export type StudentRecord = typeof students.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const lowerIds = (ids: string[]) => [...new Set(ids.map((s) => s.toLowerCase()))];

export interface StudentPageQuery {
  page: number;
  limit: number;
  kw?: string;
  classId?: number;
  sortField: 'number' | 'student_id' | 'name' | 'furigana' | 'grade_name' | 'class_name' | 'created_at';
  sortOrder: 'asc' | 'desc';
}

const sortColumns = {
  // Attendance numbers are digits kept as text: sort them as numbers, empty ones last.
  number: sql`(${students.number})::bigint`,
  student_id: students.loginId,
  name: students.name,
  furigana: students.furigana,
  grade_name: students.gradeName,
  class_name: students.kumi,
  created_at: students.createdAt,
};

const keywordFilter = (kw: string) => {
  const like = `%${escapeLike(kw)}%`;
  return or(ilike(students.loginId, like), ilike(students.name, like), ilike(students.furigana, like))!;
};

const inClass = (classId: number) =>
  sql`exists (select 1 from ${classStudents} where ${classStudents.studentId} = ${students.id} and ${classStudents.classId} = ${classId})`;

export async function pageStudents(db: DbOrTx, teacherId: number, q: StudentPageQuery) {
  const filters: SQL[] = [eq(students.teacherId, teacherId)];
  if (q.kw) filters.push(keywordFilter(q.kw));
  if (q.classId) filters.push(inClass(q.classId));
  const where = and(...filters);
  const dir = q.sortOrder === 'asc' ? asc : desc;
  const nulls = q.sortField === 'number' ? sql` nulls last` : sql``;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(students)
      .where(where)
      .orderBy(sql`${dir(sortColumns[q.sortField])}${nulls}`, asc(students.loginId))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(students).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function searchStudents(db: DbOrTx, teacherId: number, kw: string, limit = 20) {
  return db
    .select()
    .from(students)
    .where(and(eq(students.teacherId, teacherId), keywordFilter(kw)))
    .orderBy(asc(students.furigana), asc(students.loginId))
    .limit(limit);
}

/** The students of one class of the teacher, by attendance number. */
export async function listClassStudents(db: DbOrTx, teacherId: number, classId: number) {
  return db
    .select()
    .from(students)
    .where(and(eq(students.teacherId, teacherId), inClass(classId)))
    .orderBy(sql`(${students.number})::bigint nulls last`, asc(students.loginId));
}

/** The students of several classes of the teacher in one query, by class then attendance number. */
export async function listStudentsOfClasses(db: DbOrTx, teacherId: number, classIds: number[]) {
  if (classIds.length === 0) return [];
  return db
    .select({ classId: classStudents.classId, student: students })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(students.teacherId, teacherId), inArray(classStudents.classId, classIds)))
    .orderBy(sql`(${students.number})::bigint nulls last`, asc(students.loginId));
}

/** Memberships of the given students in the teacher's classes, in class order. */
export async function classesOfStudents(db: DbOrTx, teacherId: number, studentIds: number[]) {
  const map = new Map<number, { classId: number; name: string }[]>();
  if (studentIds.length === 0) return map;
  const rows = await db
    .select({ studentId: classStudents.studentId, classId: classes.id, name: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classes.teacherId, teacherId), inArray(classStudents.studentId, studentIds)))
    .orderBy(asc(classes.sortOrder), asc(classes.id));
  for (const r of rows) {
    const list = map.get(r.studentId) ?? [];
    list.push({ classId: r.classId, name: r.name });
    map.set(r.studentId, list);
  }
  return map;
}

export async function findStudent(db: DbOrTx, teacherId: number, loginId: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.teacherId, teacherId), sql`lower(${students.loginId}) = ${loginId.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/** The teacher's students among these login ids (case-insensitive); strangers are left out. */
export async function findStudents(db: DbOrTx, teacherId: number, loginIds: string[]) {
  return db
    .select()
    .from(students)
    .where(
      and(
        eq(students.teacherId, teacherId),
        sql`lower(${students.loginId}) = any(${sql.param(lowerIds(loginIds))}::text[])`,
      ),
    );
}

/** Which of these login ids exist already, for any teacher (ids are unique service-wide). */
export async function unsafeFindTakenLoginIds(db: DbOrTx, loginIds: string[]): Promise<Set<string>> {
  if (loginIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sql<string>`lower(${students.loginId})` })
    .from(students)
    .where(sql`lower(${students.loginId}) = any(${sql.param(lowerIds(loginIds))}::text[])`);
  return new Set(rows.map((r) => r.id));
}
