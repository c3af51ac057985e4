import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * Keyword search over login id, name and furigana: "contains" on the stored normalised column
 * search_key (NFKC, lower case), served by its trigram index students_search_trgm_idx.
 */
export const normaliseKeyword = (kw: string) => kw.normalize('NFKC').toLowerCase();

const keywordFilter = (kw: string) => sql`${students.searchKey} like ${`%${escapeLike(normaliseKeyword(kw))}%`}`;

/**
 * The teacher's students in one class, starting from the class's members (class_students'
 * primary key), then the students by id: never a scan of all the teacher's students.
 */
const inClass = (classId: number) =>
  sql`${students.id} = any(array(select ${classStudents.studentId} from ${classStudents} where ${classStudents.classId} = ${classId}))`;

/**
 * The classes of the teacher a student belongs to, in class order, read in the same query as the
 * student (one round trip for a page; evaluated only for the rows kept after sort and limit).
 */
const membershipsOf = (teacherId: number) =>
  sql<
    { classId: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('classId', c.id, 'name', c.name) order by c.sort_order, c.id)
    from class_students cs join classes c on c.id = cs.class_id
    where cs.student_id = ${students}.id and c.teacher_id = ${teacherId}), '[]')`;

export interface StudentWithClasses {
  student: StudentRecord;
  classes: { classId: number; name: string }[];
}

/**
 * One page and the total in one query (`count(*) over ()`); only a page past the end, which has
 * no row to carry the total, costs a second, count-only query.
 */
export async function pageStudents(
  db: DbOrTx,
  teacherId: number,
  q: StudentPageQuery,
): Promise<{ rows: StudentWithClasses[]; total: number }> {
  const filters: SQL[] = [eq(students.teacherId, teacherId)];
  if (q.kw) filters.push(keywordFilter(q.kw));
  if (q.classId) filters.push(inClass(q.classId));
  const where = and(...filters);
  const dir = q.sortOrder === 'asc' ? asc : desc;
  const nulls = q.sortField === 'number' ? sql` nulls last` : sql``;
  const found = await db
    .select({
      student: students,
      classes: membershipsOf(teacherId),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(students)
    .where(where)
    .orderBy(sql`${dir(sortColumns[q.sortField])}${nulls}`, asc(students.loginId))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  if (found.length > 0) return { rows: found, total: found[0]!.total };
  if (q.page === 1) return { rows: [], total: 0 };
  const [total] = await db.select({ n: count() }).from(students).where(where);
  return { rows: [], total: total?.n ?? 0 };
}

export async function searchStudents(
  db: DbOrTx,
  teacherId: number,
  kw: string,
  limit = 20,
): Promise<StudentWithClasses[]> {
  return db
    .select({ student: students, classes: membershipsOf(teacherId) })
    .from(students)
    .where(and(eq(students.teacherId, teacherId), keywordFilter(kw)))
    .orderBy(asc(students.furigana), asc(students.loginId))
    .limit(limit);
}

/** The students of one class of the teacher, by attendance number (from the class's members). */
export async function listClassStudents(db: DbOrTx, teacherId: number, classId: number) {
  return db
    .select({ student: students })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), eq(students.teacherId, teacherId)))
    .orderBy(sql`(${students.number})::bigint nulls last`, asc(students.loginId))
    .then((rows) => rows.map((r) => r.student));
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

/**
 * The roster export in one query: the teacher's students (of one class, or all) by attendance
 * number, each with the names of their classes in class order; at most `limit` rows.
 */
export async function exportRows(db: DbOrTx, teacherId: number, classId: number | undefined, limit: number) {
  const filters: SQL[] = [eq(students.teacherId, teacherId)];
  if (classId) filters.push(inClass(classId));
  return db
    .select({
      student: students,
      // Table aliases written out: inside a subquery, drizzle names columns without their table.
      classNames: sql<string[]>`coalesce((select array_agg(c.name order by c.sort_order, c.id)
        from class_students cs join classes c on c.id = cs.class_id
        where cs.student_id = ${students}.id and c.teacher_id = ${teacherId}), '{}')`,
    })
    .from(students)
    .where(and(...filters))
    .orderBy(sql`(${students.number})::bigint nulls last`, asc(students.loginId))
    .limit(limit);
}

/** Rows inserted at once from which the planner's statistics are refreshed right away. */
export const ANALYZE_AFTER_ROWS = 500;

/**
 * Refresh the planner's statistics of the student tables after a bulk insert, so the next pages
 * start from the class's members and use the search index instead of planning for the old row
 * counts (autovacuum would do it up to a minute later). Inside the import's transaction it counts
 * that transaction's own new rows.
 */
export async function refreshStudentStatistics(db: DbOrTx) {
  await db.execute(sql`analyze ${students}, ${classStudents}`);
}
