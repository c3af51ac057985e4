import { learnLimits } from '@ondoku/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { students, studentTokens } from '../../db/schema/index.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { ActingStudent } from '../../lib/acting.js';

/**
 * Children's bearer tokens (docs/learn.md): 256-bit random, only the SHA-256 stored, live for
 * learnLimits.tokenDays (a school term: a child on a shared iPad should not sign in every week).
 * Separate from teachers' auth_tokens, so neither kind of token is ever accepted for the other.
 */
export async function issueStudentToken(db: DbOrTx, studentId: number): Promise<string> {
  const token = newSecret();
  await db.insert(studentTokens).values({
    tokenHash: hashSecret(token),
    studentId,
    expiresAt: sql`now() + make_interval(days => ${learnLimits.tokenDays})`,
  });
  return token;
}

/** As teachers' tokens: a named prepared statement per database handle. */
const lookups = new WeakMap<object, ReturnType<typeof prepareLookup>>();
const prepareLookup = (db: DbOrTx) =>
  db
    .select({ id: students.id, teacherId: students.teacherId, tokenId: studentTokens.id })
    .from(studentTokens)
    .innerJoin(students, eq(students.id, studentTokens.studentId))
    .where(
      and(
        eq(studentTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(studentTokens.revokedAt),
        gt(studentTokens.expiresAt, sql`now()`),
        // A graduate's account is closed: their tokens stop with it.
        isNull(students.archivedAt),
      ),
    )
    .limit(1)
    .prepare('find_student_by_token');

/** A live token's child (not archived), or null when unknown, expired, revoked or closed. */
export async function findStudentByToken(db: DbOrTx, token: string): Promise<ActingStudent | null> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ tokenHash: hashSecret(token) });
  return row ?? null;
}

export async function revokeStudentToken(db: DbOrTx, tokenId: number): Promise<void> {
  await db
    .update(studentTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(studentTokens.id, tokenId));
}
