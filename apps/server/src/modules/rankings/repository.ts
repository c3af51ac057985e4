import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classStudents, classes, rankingSettings } from '../../db/schema/index.js';

/**
 * The privacy choices of a class (a class with no row shows children nothing) and the classes a
 * child belongs to (the children's side ranks only those). docs/rankings.md.
 */
export type SettingsRecord = typeof rankingSettings.$inferSelect;

/** The class's choices; callers have asked the class policy first. */
export async function settingsOf(db: DbOrTx, classId: number) {
  const [row] = await db.select().from(rankingSettings).where(eq(rankingSettings.classId, classId));
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  teacherId: number,
  classId: number,
  v: { visibility: SettingsRecord['visibility']; topN: number; hideNames: boolean },
  now: Date,
) {
  const values = { ...v, updatedAt: now };
  const [row] = await db
    .insert(rankingSettings)
    .values({ classId, teacherId, ...values })
    .onConflictDoUpdate({ target: rankingSettings.classId, set: values })
    .returning();
  return row!;
}

/** A child's live classes (not deleted, not last year's), in the teacher's order. */
export async function classesOfStudent(db: DbOrTx, studentId: number) {
  return db
    .select({ id: classes.id, name: classes.name, teacherId: classes.teacherId })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(and(eq(classStudents.studentId, studentId), isNull(classes.deletedAt), isNull(classes.archivedAt)))
    .orderBy(asc(classes.sortOrder), asc(classes.id));
}
