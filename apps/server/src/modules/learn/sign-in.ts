import { ErrorCode, learnMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { verifyPassword } from '../auth/index.js';
import { readCardKey, type CardSecret } from '../students/index.js';
import { unsafeFindStudentByLoginId, unsafeFindStudentById, type LearnStudentRecord } from './student-repository.js';
import { issueStudentToken } from './token-repository.js';

const paused = () => new AppError(ErrorCode.LOGIN_RATE_LIMITED, learnMessages.signInPaused);
const closed = () => new AppError(ErrorCode.ACCOUNT_CLOSED, learnMessages.accountClosed);

/**
 * A child signs in with login id and password (already decrypted). A slot of the per-login-id
 * limit is reserved before the password is checked (parallel guesses cannot exceed it); a failure
 * keeps it, a success clears the id's failures. The hash is the one the students module made
 * (argon2id, its parameters inside the hash). A graduate (archived) is told the account is
 * closed — only after the right password, so closed accounts cannot be probed.
 */
export async function signInStudent(db: DbOrTx, limiter: RateLimiter, loginId: string, password: string) {
  const limit = rateLimits.studentSignIn(loginId.trim().toLowerCase());
  if (!(await limiter.reserve(limit))) throw paused();
  const student = await unsafeFindStudentByLoginId(db, loginId);
  const ok = await verifyPassword(student?.passwordHash ?? null, password);
  if (!student || !ok) throw new AppError(ErrorCode.LOGIN_FAILED, learnMessages.signInFailed);
  await limiter.clear(limit);
  if (student.archivedAt) throw closed();
  return { student, token: await issueStudentToken(db, student.id) };
}

/**
 * The QR code of a login card: a genuine key of the student's current card version. Invalid keys
 * count in the pass-card bucket of the client address (shared with teachers' pass cards).
 */
export async function signInWithCard(
  db: DbOrTx,
  limiter: RateLimiter,
  cipher: CardSecret,
  key: string,
  address: string,
): Promise<{ student: LearnStudentRecord; token: string }> {
  const counted = rateLimits.passCardAddress(address);
  if (!(await limiter.reserve(counted))) throw paused();
  const claim = readCardKey(cipher, key);
  const student = claim ? await unsafeFindStudentById(db, claim.studentId) : undefined;
  if (!student || student.cardVersion !== claim!.cardVersion)
    throw new AppError(ErrorCode.PASS_CARD_INVALID, learnMessages.cardInvalid);
  await limiter.release(counted);
  if (student.archivedAt) throw closed();
  return { student, token: await issueStudentToken(db, student.id) };
}
