import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { limits } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { verificationCodes } from '../../db/schema/index.js';
import { hashPassword, verifyPassword } from '../auth/index.js';

/**
 * Six-digit codes mailed for a password reset or an e-mail change: 30 minutes, 5 tries, one
 * active code per teacher and purpose (a new one replaces the old), single use. Stored as an
 * argon2 hash: a six-digit code hashed with a fast hash would be read back from a leaked table.
 */
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

const { digits, ttlMinutes, maxTries } = limits.verificationCode;

export async function issueCode(db: DbOrTx, teacherId: number, purpose: CodePurpose, target = ''): Promise<string> {
  const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  const values = {
    codeHash: await hashPassword(code),
    target,
    tries: 0,
    createdAt: sql`now()`,
    expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})`,
    usedAt: null,
  };
  await db
    .insert(verificationCodes)
    .values({ teacherId, purpose, ...values })
    .onConflictDoUpdate({ target: [verificationCodes.teacherId, verificationCodes.purpose], set: values });
  return code;
}

/**
 * Try a code. Each try is counted first (one UPDATE … RETURNING, so concurrent guesses cannot
 * exceed the limit); the code is then compared and, when right, marked used once.
 * `target` must match what the code was issued for (the new address of an e-mail change).
 */
export async function consumeCode(
  db: DbOrTx,
  teacherId: number,
  purpose: CodePurpose,
  code: string,
  target = '',
): Promise<boolean> {
  const [row] = await db
    .update(verificationCodes)
    .set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(
      and(
        eq(verificationCodes.teacherId, teacherId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
        lt(verificationCodes.tries, maxTries),
      ),
    )
    .returning();
  if (!row || row.target !== target) return false;
  if (!(await verifyPassword(row.codeHash, code))) return false;
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
