import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authTokens, evaluationTicketsUsed, students, studentTokens } from '../../db/schema/index.js';
import type { TicketClaim } from './ticket.js';

/**
 * Uses a ticket (signature already checked): one statement marks its nonce used, only if the
 * sign-in token it was issued to is still live — a teacher's `auth_tokens` row (not revoked, not
 * expired, same teacher), or a child's `student_tokens` row (not revoked, not expired, same
 * child, the child not archived). Answers the teacher the reader belongs to (the teacher, or the
 * child's teacher: the group whose share of the speech workers it counts in), or null when the
 * nonce was used before or the token is gone. The same statement purges nonces whose tickets
 * expired more than 5 minutes ago (a margin for clocks of other processes); those tickets are
 * refused by their expiry anyway.
 */
export async function useTicket(db: DbOrTx, claim: TicketClaim): Promise<number | null> {
  const used = evaluationTicketsUsed;
  const live =
    claim.kind === 'teacher'
      ? sql`select ${authTokens.teacherId} as teacher_id from ${authTokens}
          where ${authTokens.id} = ${claim.tokenId}
            and ${authTokens.teacherId} = ${claim.id}
            and ${authTokens.revokedAt} is null
            and ${authTokens.expiresAt} > now()`
      : sql`select ${students.teacherId} as teacher_id from ${studentTokens}
          join ${students} on ${students.id} = ${studentTokens.studentId}
          where ${studentTokens.id} = ${claim.tokenId}
            and ${studentTokens.studentId} = ${claim.id}
            and ${studentTokens.revokedAt} is null
            and ${studentTokens.expiresAt} > now()
            and ${students.archivedAt} is null`;
  const result = await db.execute<{ teacherId: number }>(sql`
    with purged as (
      delete from ${used} where ${used.expiresAt} < now() - interval '5 minutes'
    ), live as (${live}), taken as (
      insert into ${used} (nonce, expires_at)
      select ${claim.nonce}, to_timestamp(${claim.expiresAt}) from live limit 1
      on conflict (nonce) do nothing
      returning nonce
    )
    select (select teacher_id from live limit 1) as "teacherId" from taken`);
  return result.rows[0]?.teacherId ?? null;
}

/** Whether a teacher's sign-in token is live (not revoked, not expired): a recording URL's session. */
export async function isLiveTeacherSession(db: DbOrTx, tokenId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${authTokens}
    where ${authTokens.id} = ${tokenId} and ${authTokens.revokedAt} is null and ${authTokens.expiresAt} > now()`);
  return result.rows.length === 1;
}
