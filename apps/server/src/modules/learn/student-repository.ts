import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { students } from '../../db/schema/index.js';

/**
 * The child's own account. Sign-in reads across teachers by login id (unique service-wide) or by
 * the id a genuine card key names: those two reads are `unsafe…`; everything after sign-in uses
 * the id from the token.
 */
export type LearnStudentRecord = typeof students.$inferSelect;

export async function unsafeFindStudentByLoginId(db: DbOrTx, loginId: string): Promise<LearnStudentRecord | undefined> {
  const [row] = await db
    .select()
    .from(students)
    .where(sql`lower(${students.loginId}) = ${loginId.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function unsafeFindStudentById(db: DbOrTx, id: number): Promise<LearnStudentRecord | undefined> {
  const [row] = await db.select().from(students).where(eq(students.id, id)).limit(1);
  return row;
}
