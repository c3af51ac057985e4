import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { limits } from '@ondoku/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { authTokens, teachers } from '../../db/schema/index.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { AuthTeacher } from '../../plugins/auth.js';

export async function issueToken(
  db: Db,
  teacherId: number,
  client: { clientName?: string; deviceCode?: string },
): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({
    tokenHash: hashSecret(token),
    teacherId,
    clientName: client.clientName ?? '',
    deviceCode: client.deviceCode ?? '',
    expiresAt: sql`now() + make_interval(days => ${limits.tokenTtlDays})`,
  });
  return token;
}

/** A live token's teacher, or null when the token is unknown, expired or revoked. */
export async function findTeacherByToken(db: Db, token: string): Promise<AuthTeacher | null> {
  const [row] = await db
    .select({ id: teachers.id, type: teachers.type, tokenId: authTokens.id })
    .from(authTokens)
    .innerJoin(teachers, eq(teachers.id, authTokens.teacherId))
    .where(
      and(
        eq(authTokens.tokenHash, hashSecret(token)),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(authTokens.id, tokenId));
}

/** Sign a teacher out everywhere (after a password reset), or everywhere but this session (after a change). */
export async function revokeTeacherTokens(db: DbOrTx, teacherId: number, exceptTokenId?: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.teacherId, teacherId),
        isNull(authTokens.revokedAt),
        exceptTokenId === undefined ? undefined : ne(authTokens.id, exceptTokenId),
      ),
    );
}
