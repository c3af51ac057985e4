import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fcmTokens } from '../../db/schema/index.js';

/** Push tokens per teacher; saving twice or deleting an unknown token changes nothing (idempotent). */
export async function saveFcmToken(db: DbOrTx, teacherId: number, token: string): Promise<void> {
  await db
    .insert(fcmTokens)
    .values({ teacherId, token })
    .onConflictDoUpdate({ target: [fcmTokens.teacherId, fcmTokens.token], set: { updatedAt: sql`now()` } });
}

export async function deleteFcmToken(db: DbOrTx, teacherId: number, token: string): Promise<void> {
  await db.delete(fcmTokens).where(and(eq(fcmTokens.teacherId, teacherId), eq(fcmTokens.token, token)));
}

export const listFcmTokens = (db: DbOrTx, teacherId: number) =>
  db.select({ token: fcmTokens.token }).from(fcmTokens).where(eq(fcmTokens.teacherId, teacherId));
