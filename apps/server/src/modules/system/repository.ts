import { eq, sql } from 'drizzle-orm';
import type { SystemStatusReply } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { clientLogs, systemStatus } from '../../db/schema/index.js';

export type SystemStatusRow = typeof systemStatus.$inferSelect;

/** The operations status row, or null while an operator never set one (normal). */
export async function readSystemStatus(db: DbOrTx): Promise<SystemStatusRow | null> {
  const [row] = await db.select().from(systemStatus).where(eq(systemStatus.id, 1));
  return row ?? null;
}

export async function writeSystemStatus(db: DbOrTx, s: SystemStatusReply): Promise<void> {
  await db
    .insert(systemStatus)
    .values({ id: 1, ...s })
    .onConflictDoUpdate({ target: systemStatus.id, set: { ...s, updatedAt: sql`now()` } });
}

export async function insertClientLog(
  db: DbOrTx,
  log: { teacherId: number; client: string; device: string; content: string; address: string },
): Promise<void> {
  await db.insert(clientLogs).values(log);
}
