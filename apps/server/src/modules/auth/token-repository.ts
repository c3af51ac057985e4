import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { limits } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { authTokens, teachers } from '../../db/schema/index.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import type { FoundTeacherToken } from '../../lib/acting.js';

export async function issueToken(
  db: DbOrTx,
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

/**
 * The lookup every authenticated request makes, as a named prepared statement: PostgreSQL parses
 * and plans it once per connection instead of once per request. One per database handle. It also
 * reads the teacher's profile (never the password hash), so teacher/info — the first call of
 * every screen — answers from it without a second query (docs/architecture.md, "The path of a
 * request").
 */
const tokenLookups = new WeakMap<object, ReturnType<typeof prepareTokenLookup>>();
const prepareTokenLookup = (db: DbOrTx) =>
  db
    .select({
      tokenId: authTokens.id,
      expiresAt: authTokens.expiresAt,
      id: teachers.id,
      loginId: teachers.loginId,
      email: teachers.email,
      nickname: teachers.nickname,
      avatar: teachers.avatar,
      type: teachers.type,
      showLive: teachers.showLive,
      school: teachers.school,
      onlineClassSwitch: teachers.onlineClassSwitch,
    })
    .from(authTokens)
    .innerJoin(teachers, eq(teachers.id, authTokens.teacherId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('find_teacher_by_token');

/** A live token's teacher and when the token expires, or null when it is unknown, expired or revoked. */
export async function findTeacherByTokenHash(db: DbOrTx, tokenHash: string): Promise<FoundTeacherToken | null> {
  let lookup = tokenLookups.get(db);
  if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)));
  const [row] = await lookup.execute({ tokenHash });
  if (!row) return null;
  const { tokenId, expiresAt, ...profile } = row;
  return { teacher: { id: row.id, type: row.type, tokenId, profile }, expiresAt };
}

export async function revokeToken(db: DbOrTx, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(authTokens.id, tokenId));
}

/**
 * Set a new password hash and sign the teacher out everywhere (after a reset) or everywhere but
 * this session (after a change). One statement (a data-modifying CTE), so both land or neither,
 * without a transaction.
 */
export async function replacePassword(
  db: DbOrTx,
  teacherId: number,
  passwordHash: string,
  opts: { keepTokenId?: number } = {},
): Promise<void> {
  const keep = opts.keepTokenId === undefined ? sql`` : sql` and ${authTokens.id} <> ${opts.keepTokenId}`;
  await db.execute(sql`
    with changed as (
      update ${teachers} set password_hash = ${passwordHash}, updated_at = now()
      where ${teachers.id} = ${teacherId} returning ${teachers.id}
    )
    update ${authTokens} set revoked_at = now()
    where ${authTokens.teacherId} in (select id from changed) and ${authTokens.revokedAt} is null${keep}`);
}
