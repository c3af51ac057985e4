import { createHmac, timingSafeEqual } from 'node:crypto';
import { presentEvaluationService } from './presenter.js';
import { createTicketSigner, type TicketHolder, type TicketSigner } from './ticket.js';

export const EVALUATION_SOCKET_PATH = '/api/v2/evaluation/ws';
/** Where recordings are played (never under the public /media): `…/<key>?exp=…&sig=…`. */
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
  /** A signed URL (path and query) that plays the recording for `ttlSeconds`. */
  recordingUrl(audioKey: string, ttlSeconds: number, now?: number): string;
  /** Whether `sig` signs `key` until `exp` (seconds since the epoch), and `exp` has not passed. */
  verifyRecording(key: string, exp: string, sig: string, now?: number): boolean;
}

export function createEvaluationLinks(deriveSecret: (label: string) => Buffer): EvaluationLinks {
  const tickets = createTicketSigner(deriveSecret('evaluation-ticket'));
  const recordingSecret = deriveSecret('evaluation-recording');
  const mac = (key: string, exp: number) =>
    createHmac('sha256', recordingSecret).update(`${key}.${exp}`).digest('base64url');
  return {
    tickets,
    serviceUrl: (origin, holder) => presentEvaluationService(origin, EVALUATION_SOCKET_PATH, tickets.issue(holder)),
    recordingUrl(audioKey, ttlSeconds, now = Date.now()) {
      const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return `${RECORDING_PREFIX}${audioKey}?exp=${exp}&sig=${mac(audioKey, exp)}`;
    },
    verifyRecording(key, exp, sig, now = Date.now()) {
      if (!/^\d{1,15}$/.test(exp) || Number(exp) * 1000 < now) return false;
      const expected = Buffer.from(mac(key, Number(exp)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
