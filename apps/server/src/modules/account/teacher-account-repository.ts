import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { teachers } from '../../db/schema/index.js';

/** Writes to the acting teacher's own row; every update is keyed by the teacher id from the token. */
export async function findTeacherByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(teachers).where(eq(teachers.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** Whether another teacher already uses the address (the acting teacher's own does not count). */
export async function isEmailTakenByOther(db: DbOrTx, teacherId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.email, email.trim().toLowerCase()), ne(teachers.id, teacherId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateProfile(db: DbOrTx, teacherId: number, p: { nickname: string; school: string }) {
  const [row] = await db
    .update(teachers)
    .set({ nickname: p.nickname, school: p.school, updatedAt: sql`now()` })
    .where(eq(teachers.id, teacherId))
    .returning();
  return row ?? null;
}

export async function updateEmail(db: DbOrTx, teacherId: number, email: string) {
  const [row] = await db
    .update(teachers)
    .set({ email: email.trim().toLowerCase(), updatedAt: sql`now()` })
    .where(eq(teachers.id, teacherId))
    .returning();
  return row ?? null;
}
