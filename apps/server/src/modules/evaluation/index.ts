/**
 * What other modules (the learn module, answer papers, the seed, tests) may use of evaluation:
 * the socket URL for a signed-in child, signed URLs of recordings, and the purge job.
 *
 * Both URL builders take the app (or anything carrying its `evaluationLinks`, made once in
 * app.ts from the server's key):
 *
 *   route(app, getStudentNewEvaluationService, async ({ student, request }) =>
 *     issueStudentEvaluationUrl({ secure: request.protocol === 'https', host: request.host }, student, app));
 *   recordingUrl(answer.audioKey, RECORDING_TTL_SECONDS, teacher, app) // '/api/v2/recording/<key>?exp=…&tid=…&sig=…'
 */
import type { EvaluationLinks, Origin } from './links.js';

export { createEvaluationLinks, RECORDING_PREFIX, type EvaluationLinks, type Origin } from './links.js';
export { createEvaluationPurge, type EvaluationPurge, type EvaluationPurgeReport } from './purge.js';
export { RECORDING_TYPE } from '@ondoku/speech';
export { Recording } from '@ondoku/speech';
export { storeEvaluation, type StoreDeps } from './store.js';
export { newEvaluationSid, type FinishedEvaluation } from './session.js';
export { presentEvaluationResult } from './presenter.js';
export { phoneJudgementsOf } from './phones.js';
export { createSpeechService, type SpeechService } from './speech-service.js';
export { evaluatorFingerprint } from './fingerprint.js';

/**
 * `{ evaluation_server_url }` for the child signed in with student token `tokenId`: a ticket of
 * kind student, valid 60 s, refused once that token is revoked or expired or the child archived.
 */
export function issueStudentEvaluationUrl(
  origin: Origin,
  student: { id: number; tokenId: number },
  deps: { evaluationLinks: EvaluationLinks },
): { evaluation_server_url: string } {
  return deps.evaluationLinks.serviceUrl(origin, { kind: 'student', id: student.id, tokenId: student.tokenId });
}

/** How long a recording's URL plays (docs/security.md, "Recordings"). */
export const RECORDING_TTL_SECONDS = 30 * 60;

/**
 * A URL (path and query, same origin) that plays a stored recording for `ttlSeconds` while the
 * session of `reader` (the teacher who asked, by their token) is live: WebM/Opus, ranges,
 * `Cache-Control: private`; 403 once expired, signed out or altered. Recordings are children's
 * personal data: hand it only to the teacher who may hear it (check access first).
 */
export function recordingUrl(
  audioKey: string,
  ttlSeconds: number,
  reader: { tokenId: number },
  deps: { evaluationLinks: EvaluationLinks },
): string {
  return deps.evaluationLinks.recordingUrl(audioKey, ttlSeconds, reader.tokenId);
}
