import { SCHOOL_TIME_ZONE } from '@ondoku/contract';
import { and, count, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  homeworkTopics,
  periodicPlanDays,
  recitationDrafts,
  recitationQuotas,
  type RecitationDraftAudio,
} from '../../db/schema/index.js';

/** Drafts and quotas of free recitation; every read takes the acting teacher's id. */
export type DraftRecord = typeof recitationDrafts.$inferSelect;
export type { RecitationDraftAudio };

export async function insertDraft(
  db: DbOrTx,
  teacherId: number,
  draft: { guid: string; category: 'read_chapter' | 'read_sentence'; resourceId: number | null },
  init: Partial<Pick<DraftRecord, 'toneType' | 'content' | 'translate' | 'audio' | 'title' | 'grade'>> = {},
) {
  const [row] = await db
    .insert(recitationDrafts)
    .values({ ...init, ...draft, teacherId })
    .returning();
  return row!;
}

/** The teacher's draft, locked for the rest of the transaction (steps of one draft run one at a time). */
export async function findOwnDraftForUpdate(db: DbOrTx, teacherId: number, guid: string) {
  const [row] = await db
    .select()
    .from(recitationDrafts)
    .where(and(eq(recitationDrafts.guid, guid), eq(recitationDrafts.teacherId, teacherId)))
    .for('update');
  return row;
}

export async function updateDraft(
  db: DbOrTx,
  guid: string,
  set: Partial<Omit<DraftRecord, 'guid' | 'teacherId' | 'createdAt'>>,
) {
  const [row] = await db.update(recitationDrafts).set(set).where(eq(recitationDrafts.guid, guid)).returning();
  return row!;
}

/** The last saved draft of a resource (what the form shows when editing it). */
export async function lastSavedDraftOf(db: DbOrTx, teacherId: number, resourceId: number) {
  const [row] = await db
    .select()
    .from(recitationDrafts)
    .where(
      and(
        eq(recitationDrafts.teacherId, teacherId),
        eq(recitationDrafts.resourceId, resourceId),
        isNotNull(recitationDrafts.savedAt),
      ),
    )
    .orderBy(sql`${recitationDrafts.savedAt} desc`)
    .limit(1);
  return row;
}

/** Every draft that made or edited a resource (their recordings go with it). */
export async function draftsOfResource(db: DbOrTx, teacherId: number, resourceId: number) {
  return db
    .select()
    .from(recitationDrafts)
    .where(and(eq(recitationDrafts.teacherId, teacherId), eq(recitationDrafts.resourceId, resourceId)));
}

export async function deleteDraftsOfResource(db: DbOrTx, teacherId: number, resourceId: number) {
  await db
    .delete(recitationDrafts)
    .where(and(eq(recitationDrafts.teacherId, teacherId), eq(recitationDrafts.resourceId, resourceId)));
}

/** Deletes the teacher's drafts never saved and made before `before`; answers them. */
export async function deleteAbandonedDrafts(db: DbOrTx, teacherId: number, before: Date) {
  return db
    .delete(recitationDrafts)
    .where(
      and(
        eq(recitationDrafts.teacherId, teacherId),
        isNull(recitationDrafts.savedAt),
        lt(recitationDrafts.createdAt, before),
      ),
    )
    .returning();
}

/** The first instant of `now`'s month in the school's time zone. */
const monthStart = (now: Date) =>
  sql<Date>`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${SCHOOL_TIME_ZONE}) at time zone ${SCHOOL_TIME_ZONE})`;

/** Resources made this month (not edits) and the teacher's monthly limit (the default when none is set). */
export async function quotaOf(db: DbOrTx, teacherId: number, now: Date, defaultLimit: number) {
  const [used] = await db
    .select({ n: count() })
    .from(recitationDrafts)
    .where(and(eq(recitationDrafts.teacherId, teacherId), gte(recitationDrafts.consumedAt, monthStart(now))));
  const [limit] = await db
    .select({ n: recitationQuotas.monthlyLimit })
    .from(recitationQuotas)
    .where(eq(recitationQuotas.teacherId, teacherId));
  const total = limit?.n ?? defaultLimit;
  const n = used?.n ?? 0;
  return { total, used: n, remaining: Math.max(0, total - n) };
}

/** Operators set a teacher's monthly limit (admin recitation-quota). */
export async function setQuota(db: DbOrTx, teacherId: number, monthlyLimit: number) {
  await db
    .insert(recitationQuotas)
    .values({ teacherId, monthlyLimit })
    .onConflictDoUpdate({ target: recitationQuotas.teacherId, set: { monthlyLimit, updatedAt: new Date() } });
}

/** Serialises creations of one teacher (the quota is checked and used in one transaction). */
export async function lockTeacherQuota(db: DbOrTx, teacherId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${0x72656369}, ${teacherId})`);
}

/** Whether a homework topic or a periodic plan (deleted homework included) points at the resource. */
export async function resourceInUse(db: DbOrTx, resourceId: number) {
  const [topic] = await db.select({ n: count() }).from(homeworkTopics).where(eq(homeworkTopics.resourceId, resourceId));
  const [plan] = await db
    .select({ n: count() })
    .from(periodicPlanDays)
    .where(eq(periodicPlanDays.resourceId, resourceId));
  return (topic?.n ?? 0) + (plan?.n ?? 0) > 0;
}
