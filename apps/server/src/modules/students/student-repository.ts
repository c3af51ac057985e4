import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
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
  /** Only students in no class of this year (クラス未所属). */
  unassigned?: boolean;
  /** Graduates (archived) instead of current students. */
  graduates?: boolean;
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
/** A current student (not graduated): every normal list shows only these. */
export const current = isNull(students.archivedAt);

/** In no class of this year (deleted and last year's classes do not count): クラス未所属. */
export const unassigned = sql`not exists (select 1 from class_students m join classes c on c.id = m.class_id
  where m.student_id = ${students}.id and c.deleted_at is null and c.archived_at is null)`;

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
    where cs.student_id = ${students}.id and c.teacher_id = ${teacherId}
      and c.deleted_at is null and c.archived_at is null), '[]')`;

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
  const filters: SQL[] = [eq(students.teacherId, teacherId), q.graduates ? isNotNull(students.archivedAt) : current];
  if (q.kw) filters.push(keywordFilter(q.kw));
  if (q.classId) filters.push(inClass(q.classId));
  if (q.unassigned) filters.push(unassigned);
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
    .where(and(eq(students.teacherId, teacherId), current, keywordFilter(kw)))
    .orderBy(asc(students.furigana), asc(students.loginId))
    .limit(limit);
}

/** The students of one class of the teacher, by attendance number (from the class's members). */
export async function listClassStudents(db: DbOrTx, teacherId: number, classId: number) {
  return db
    .select({ student: students })
    .from(classStudents)
    .innerJoin(students, eq(students.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), eq(students.teacherId, teacherId), current))
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
    .where(and(eq(students.teacherId, teacherId), current, inArray(classStudents.classId, classIds)))
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
    .where(
      and(
        eq(classes.teacherId, teacherId),
        inArray(classStudents.studentId, studentIds),
        isNull(classes.deletedAt),
        isNull(classes.archivedAt),
      ),
    )
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
export interface ExportRowsQuery {
  classId?: number;
  graduates?: boolean;
}

const exportFilters = (teacherId: number, q: ExportRowsQuery): SQL[] => {
  const filters: SQL[] = [eq(students.teacherId, teacherId), q.graduates ? isNotNull(students.archivedAt) : current];
  if (q.classId) filters.push(inClass(q.classId));
  return filters;
};

/** The roster's rows in its order (attendance number, then login id), `limit` from `offset`. */
export async function exportRows(db: DbOrTx, teacherId: number, q: ExportRowsQuery, limit: number, offset = 0) {
  return db
    .select({
      student: students,
      // Table aliases written out: inside a subquery, drizzle names columns without their table.
      classNames: sql<string[]>`coalesce((select array_agg(c.name order by c.sort_order, c.id)
        from class_students cs join classes c on c.id = cs.class_id
        where cs.student_id = ${students}.id and c.teacher_id = ${teacherId} and c.deleted_at is null
          and (c.archived_at is null or ${q.graduates ?? false})), '{}')`,
    })
    .from(students)
    .where(and(...exportFilters(teacherId, q)))
    .orderBy(sql`(${students.number})::bigint nulls last`, asc(students.loginId))
    .limit(limit)
    .offset(offset);
}

/** How many rows the roster would have (checked against the export's cap before writing). */
export async function countExportRows(db: DbOrTx, teacherId: number, q: ExportRowsQuery) {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(and(...exportFilters(teacherId, q)));
  return row!.n;
}

/** Rows of the roster read per query while it is written (a few milliseconds of the event loop each). */
export const EXPORT_PAGE_ROWS = 500;

/**
 * The roster page by page, so that no single reply of PostgreSQL (parsed and mapped on the event
 * loop in one go) holds thousands of rows. Run it inside one read-only repeatable-read
 * transaction so that every page reads the same snapshot (no row missed or repeated when a
 * student is added or renamed meanwhile).
 */
export async function* exportRowPages(db: DbOrTx, teacherId: number, q: ExportRowsQuery, pageRows = EXPORT_PAGE_ROWS) {
  for (let offset = 0; ; offset += pageRows) {
    const page = await exportRows(db, teacherId, q, pageRows, offset);
    if (page.length > 0) yield page;
    if (page.length < pageRows) return;
  }
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

/** The teacher's current students among these login ids who are in no class of this year. */
export async function findUnassignedStudents(db: DbOrTx, teacherId: number, loginIds: string[]) {
  if (loginIds.length === 0) return [];
  return db
    .select()
    .from(students)
    .where(
      and(
        eq(students.teacherId, teacherId),
        current,
        unassigned,
        sql`lower(${students.loginId}) = any(${sql.param(lowerIds(loginIds))}::text[])`,
      ),
    );
}

/** Which of these students (ids) are members of the class. */
export async function membersAmong(db: DbOrTx, classId: number, studentIds: number[]) {
  if (studentIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), inArray(classStudents.studentId, studentIds)));
  return new Set(rows.map((r) => r.id));
}
