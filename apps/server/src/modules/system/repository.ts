import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { SystemStatusReply } from '@ondoku/contract';
import type { Db } from '../../db/client.js';
import { clientLogs, systemStatus } from '../../db/schema/index.js';

const NORMAL: SystemStatusReply = { status: 2, title: '', message: '' };

export async function readSystemStatus(db: Db): Promise<SystemStatusReply> {
  const [row] = await db.select().from(systemStatus).where(eq(systemStatus.id, 1));
  if (!row) return NORMAL;
  return { status: row.status as 0 | 1 | 2, title: row.title, message: row.message };
}

export async function writeSystemStatus(db: Db, s: SystemStatusReply): Promise<void> {
  await db
    .insert(systemStatus)
    .values({ id: 1, ...s })
    .onConflictDoUpdate({ target: systemStatus.id, set: { ...s, updatedAt: sql`now()` } });
}

export async function countRecentClientLogs(db: Db, teacherId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clientLogs)
    .where(and(eq(clientLogs.teacherId, teacherId), gt(clientLogs.createdAt, sql`now() - interval '1 minute'`)));
  return row?.n ?? 0;
}

export async function insertClientLog(
  db: Db,
  log: { teacherId: number; client: string; device: string; content: string; address: string },
): Promise<void> {
  await db.insert(clientLogs).values(log);
}
