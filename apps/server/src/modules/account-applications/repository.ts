import type { ApplyStatus, ApplyType } from '@ondoku/contract';
import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accountApplications, classes, students } from '../../db/schema/index.js';

/**
 * Applications, read scoped to the teacher; the operator's reads (the admin commands) skip the
 * filter and say so (`unsafe…`).
 */
export type ApplicationRecord = typeof accountApplications.$inferSelect;
export type NewApplication = typeof accountApplications.$inferInsert;

export async function insertApplication(db: DbOrTx, row: NewApplication): Promise<ApplicationRecord> {
  const [made] = await db.insert(accountApplications).values(row).returning();
  return made!;
}

export async function findApplication(db: DbOrTx, teacherId: number, id: number) {
  const [row] = await db
    .select()
    .from(accountApplications)
    .where(and(eq(accountApplications.teacherId, teacherId), eq(accountApplications.id, id)));
  return row ?? null;
}

/** The operator's read: any teacher's application, locked for the decision. */
export async function unsafeFindApplicationForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(accountApplications).where(eq(accountApplications.id, id)).for('update');
  return row ?? null;
}

export interface ListFilter {
  applyType?: ApplyType;
  status?: ApplyStatus;
  /** From this instant (inclusive) to `until` (exclusive). */
  since?: Date;
  until?: Date;
}

const whereOf = (teacherId: number | null, f: ListFilter) =>
  and(
    teacherId === null ? undefined : eq(accountApplications.teacherId, teacherId),
    f.applyType ? eq(accountApplications.applyType, f.applyType) : undefined,
    f.status ? eq(accountApplications.status, f.status) : undefined,
    f.since ? gte(accountApplications.createdAt, f.since) : undefined,
    f.until ? lt(accountApplications.createdAt, f.until) : undefined,
  );

export async function pageApplications(
  db: DbOrTx,
  teacherId: number,
  f: ListFilter,
  q: { page: number; limit: number },
) {
  const where = whereOf(teacherId, f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accountApplications)
      .where(where)
      .orderBy(desc(accountApplications.createdAt), desc(accountApplications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(accountApplications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The operator's list: every teacher's applications, oldest pending first. */
export async function unsafeListApplications(db: DbOrTx, f: ListFilter) {
  return db
    .select()
    .from(accountApplications)
    .where(whereOf(null, f))
    .orderBy(accountApplications.createdAt, accountApplications.id)
    .limit(500);
}

export async function updateApplication(db: DbOrTx, id: number, set: Partial<NewApplication>) {
  const [row] = await db.update(accountApplications).set(set).where(eq(accountApplications.id, id)).returning();
  return row!;
}

/** Names of classes by id (the application's class, the classes an approval made), deleted ones left out. */
export async function classNamesOf(db: DbOrTx, teacherId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, ids), isNull(classes.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The teacher's student accounts in use (this year's: graduates are archived). */
export async function countStudentsInUse(db: DbOrTx, teacherId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(and(eq(students.teacherId, teacherId), isNull(students.archivedAt)));
  return row?.n ?? 0;
}

/** Accounts granted by completed applications, per kind, and the number still 申請中. */
export async function grantedAccounts(db: DbOrTx, teacherId: number) {
  const [row] = await db
    .select({
      students: sql<number>`coalesce(sum(${accountApplications.createdCount}) filter (where ${accountApplications.status} = 'completed' and ${accountApplications.applyType} in ('new_students', 'add_students')), 0)::int`,
      teachers: sql<number>`(count(*) filter (where ${accountApplications.status} = 'completed' and ${accountApplications.applyType} = 'teacher_account'))::int`,
      pending: sql<number>`(count(*) filter (where ${accountApplications.status} = 'pending'))::int`,
    })
    .from(accountApplications)
    .where(eq(accountApplications.teacherId, teacherId));
  return row ?? { students: 0, teachers: 0, pending: 0 };
}

/** The kinds the teacher has 申請中 now. */
export async function pendingKinds(db: DbOrTx, teacherId: number): Promise<Set<ApplyType>> {
  const rows = await db
    .selectDistinct({ t: accountApplications.applyType })
    .from(accountApplications)
    .where(and(eq(accountApplications.teacherId, teacherId), eq(accountApplications.status, 'pending')));
  return new Set(rows.map((r) => r.t));
}
