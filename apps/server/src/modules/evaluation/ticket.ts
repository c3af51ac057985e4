import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { evaluationLimits } from '@ondoku/contract';

/**
 * Websocket tickets: browsers cannot send a bearer header when opening a websocket, so
 * new-evaluation-service hands out `teacherId.expiry.nonce.signature` (HMAC-SHA256), valid for
 * 60 seconds. Stateless, so any server process sharing the key accepts it.
 */
export interface TicketSigner {
  issue(teacherId: number, now?: number): string;
  verify(ticket: string, now?: number): number | null;
}

export function createTicketSigner(secret: Buffer): TicketSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(teacherId, now = Date.now()) {
      const exp = Math.floor(now / 1000) + evaluationLimits.ticketTtlSeconds;
      const payload = `${teacherId}.${exp}.${randomBytes(9).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(ticket, now = Date.now()) {
      const parts = ticket.split('.');
      if (parts.length !== 4) return null;
      const [id, exp, nonce, sig] = parts as [string, string, string, string];
      const expected = Buffer.from(mac(`${id}.${exp}.${nonce}`));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!/^\d+$/.test(id) || !/^\d+$/.test(exp) || Number(exp) * 1000 < now) return null;
      return Number(id);
    },
  };
}
