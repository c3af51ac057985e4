import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { limits } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { passCardKeys } from '../../db/schema/index.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';

/** Issue a one-time sign-in key for a teacher; only its hash is kept. */
export async function issuePassCardKey(db: DbOrTx, teacherId: number): Promise<{ key: string; expiresAt: Date }> {
  const key = newSecret(24);
  const [row] = await db
    .insert(passCardKeys)
    .values({
      keyHash: hashSecret(key),
      teacherId,
      expiresAt: sql`now() + make_interval(mins => ${limits.passCardKeyTtlMinutes})`,
    })
    .returning({ expiresAt: passCardKeys.expiresAt });
  return { key, expiresAt: row!.expiresAt };
}

/** Use a key: one UPDATE marks it used, so two simultaneous uses cannot both succeed. */
export async function consumePassCardKey(db: DbOrTx, key: string): Promise<number | null> {
  const [row] = await db
    .update(passCardKeys)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passCardKeys.keyHash, hashSecret(key)),
        isNull(passCardKeys.usedAt),
        gt(passCardKeys.expiresAt, sql`now()`),
      ),
    )
    .returning({ teacherId: passCardKeys.teacherId });
  return row?.teacherId ?? null;
}
