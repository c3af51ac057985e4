import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { teachers } from '../../db/schema/index.js';

export type TeacherRow = typeof teachers.$inferSelect;

/** Sign-in accepts the login id (case-insensitive) or the e-mail address. */
export async function findTeacherByLoginIdOrEmail(db: DbOrTx, identifier: string) {
  const lowered = identifier.toLowerCase();
  const [row] = await db
    .select()
    .from(teachers)
    .where(or(sql`lower(${teachers.loginId}) = ${lowered}`, eq(teachers.email, lowered)))
    .limit(1);
  return row ?? null;
}

export async function findTeacherByLoginId(db: DbOrTx, loginId: string) {
  const [row] = await db
    .select()
    .from(teachers)
    .where(sql`lower(${teachers.loginId}) = ${loginId.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findTeacherById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id)).limit(1);
  return row ?? null;
}

/** The operator's switch of the live-lesson menu item (showLive) for one teacher. */
export async function setShowLive(db: DbOrTx, teacherId: number, on: boolean) {
  await db.update(teachers).set({ showLive: on, updatedAt: new Date() }).where(eq(teachers.id, teacherId));
}
