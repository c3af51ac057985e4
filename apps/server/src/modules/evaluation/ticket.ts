import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { evaluationLimits } from '@ondoku/contract';

/**
 * Websocket tickets: browsers cannot send a bearer header when opening a websocket, so
 * new-evaluation-service (teachers) and student/new-evaluation-service (children) hand out
 * `kind.id.tokenId.expiry.nonce.signature` (HMAC-SHA256), valid for 60 seconds. `kind` is `t`
 * (a teacher: id and token of `auth_tokens`) or `s` (a child: id and token of `student_tokens`).
 * The signature is checked here (any server process sharing the key accepts it);
 * ticket-repository.ts then uses the nonce once and checks that the sign-in token it was issued
 * to is still live.
 */
export type TicketKind = 'teacher' | 'student';

/** Who a ticket is for: the signed-in teacher or child and the token they signed in with. */
export interface TicketHolder {
  kind: TicketKind;
  id: number;
  /** The sign-in token (auth_tokens.id or student_tokens.id) the ticket is issued to. */
  tokenId: number;
}

export interface TicketClaim extends TicketHolder {
  nonce: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface TicketSigner {
  issue(holder: TicketHolder, now?: number): string;
  verify(ticket: string, now?: number): TicketClaim | null;
}

const letterOf: Record<TicketKind, string> = { teacher: 't', student: 's' };
const kindOf: Record<string, TicketKind> = { t: 'teacher', s: 'student' };

export function createTicketSigner(secret: Buffer): TicketSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(holder, now = Date.now()) {
      const exp = Math.floor(now / 1000) + evaluationLimits.ticketTtlSeconds;
      const nonce = randomBytes(12).toString('base64url');
      const payload = `${letterOf[holder.kind]}.${holder.id}.${holder.tokenId}.${exp}.${nonce}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(ticket, now = Date.now()) {
      const parts = ticket.split('.');
      if (parts.length !== 6) return null;
      const [letter, id, tokenId, exp, nonce, sig] = parts as [string, string, string, string, string, string];
      const expected = Buffer.from(mac(`${letter}.${id}.${tokenId}.${exp}.${nonce}`));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const kind = kindOf[letter];
      if (!kind || ![id, tokenId, exp].every((n) => /^\d{1,15}$/.test(n)) || Number(exp) * 1000 < now) return null;
      return { kind, id: Number(id), tokenId: Number(tokenId), nonce, expiresAt: Number(exp) };
    },
  };
}
