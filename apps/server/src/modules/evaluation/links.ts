import { createHmac, timingSafeEqual } from 'node:crypto';
import { presentEvaluationService } from './presenter.js';
import { createTicketSigner, type TicketHolder, type TicketSigner } from './ticket.js';

export const EVALUATION_SOCKET_PATH = '/api/v2/evaluation/ws';
/** Where recordings are played (never under the public /media): `…/<key>?exp=…&tid=…&sig=…`. */
export const RECORDING_PREFIX = '/api/v2/recording/';

/** Where a browser opens the evaluation socket: this host (as the request saw it). */
export interface Origin {
  secure: boolean;
  host: string;
}

/**
 * The signed links of the evaluation module, made once per app (app.evaluationLinks) from
 * secrets derived from the server's private key, so every process sharing the key accepts them:
 * websocket tickets for teachers and children, and expiring URLs of recordings.
 */
export interface EvaluationLinks {
  readonly tickets: TicketSigner;
  /** The `evaluation_server_url` reply of new-evaluation-service, for a teacher or a child. */
  serviceUrl(origin: Origin, holder: TicketHolder): { evaluation_server_url: string };
  /**
   * A signed URL (path and query) that plays the recording for `ttlSeconds`, while the teacher's
   * session `tokenId` (the reader who asked for it) is live (docs/security.md, "Recordings").
   */
  recordingUrl(audioKey: string, ttlSeconds: number, tokenId: number, now?: number): string;
  /**
   * The session the URL was signed for, when `sig` signs `key` and `tid` until `exp` (seconds
   * since the epoch) and `exp` has not passed; null otherwise.
   */
  verifyRecording(key: string, exp: string, tid: string, sig: string, now?: number): number | null;
}

export function createEvaluationLinks(deriveSecret: (label: string) => Buffer): EvaluationLinks {
  const tickets = createTicketSigner(deriveSecret('evaluation-ticket'));
  const recordingSecret = deriveSecret('evaluation-recording');
  const mac = (key: string, exp: number, tid: number) =>
    createHmac('sha256', recordingSecret).update(`${key}.${exp}.${tid}`).digest('base64url');
  return {
    tickets,
    serviceUrl: (origin, holder) => presentEvaluationService(origin, EVALUATION_SOCKET_PATH, tickets.issue(holder)),
    recordingUrl(audioKey, ttlSeconds, tokenId, now = Date.now()) {
      const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return `${RECORDING_PREFIX}${audioKey}?exp=${exp}&tid=${tokenId}&sig=${mac(audioKey, exp, tokenId)}`;
    },
    verifyRecording(key, exp, tid, sig, now = Date.now()) {
      if (!/^\d{1,15}$/.test(exp) || Number(exp) * 1000 < now || !/^\d{1,15}$/.test(tid)) return null;
      const expected = Buffer.from(mac(key, Number(exp), Number(tid)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? Number(tid) : null;
    },
  };
}
