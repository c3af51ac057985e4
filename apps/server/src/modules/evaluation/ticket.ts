import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { evaluationLimits } from '@ondoku/contract';

/**
 * Websocket tickets: browsers cannot send a bearer header when opening a websocket, so
 * new-evaluation-service hands out `teacherId.tokenId.expiry.nonce.signature` (HMAC-SHA256),
 * valid for 60 seconds. The signature is checked here (any server process sharing the key
 * accepts it); ticket-repository.ts then uses the nonce once and checks that the sign-in token
 * it was issued to is still live.
 */
export interface TicketClaim {
  teacherId: number;
  /** The auth token (AuthTeacher.tokenId) the ticket was issued to. */
  tokenId: number;
  nonce: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface TicketSigner {
  issue(teacher: { id: number; tokenId: number }, now?: number): string;
  verify(ticket: string, now?: number): TicketClaim | null;
}

export function createTicketSigner(secret: Buffer): TicketSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(teacher, now = Date.now()) {
      const exp = Math.floor(now / 1000) + evaluationLimits.ticketTtlSeconds;
      const payload = `${teacher.id}.${teacher.tokenId}.${exp}.${randomBytes(12).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(ticket, now = Date.now()) {
      const parts = ticket.split('.');
      if (parts.length !== 5) return null;
      const [id, tokenId, exp, nonce, sig] = parts as [string, string, string, string, string];
      const expected = Buffer.from(mac(`${id}.${tokenId}.${exp}.${nonce}`));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (![id, tokenId, exp].every((n) => /^\d{1,15}$/.test(n)) || Number(exp) * 1000 < now) return null;
      return { teacherId: Number(id), tokenId: Number(tokenId), nonce, expiresAt: Number(exp) };
    },
  };
}
