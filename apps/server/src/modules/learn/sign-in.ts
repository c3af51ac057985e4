import { ErrorCode, learnMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { readCardKey, verifyStudentPassword, type CardSecret } from '../students/index.js';
import { unsafeFindStudentByLoginId, unsafeFindStudentById, type LearnStudentRecord } from './student-repository.js';
import { issueStudentToken } from './token-repository.js';

const paused = () => new AppError(ErrorCode.LOGIN_RATE_LIMITED, learnMessages.signInPaused);
const closed = () => new AppError(ErrorCode.ACCOUNT_CLOSED, learnMessages.accountClosed);

/**
 * A child signs in with login id and password (already decrypted). Slots of two limits are
 * reserved before the password is checked (parallel guesses cannot exceed them): the pair (login
 * id, address) — a stranger elsewhere cannot lock a child out — and the address's ceiling over
 * all ids (docs/security.md, "Children's sign-in"). A failure keeps both, a success gives them
 * back. Known and unknown ids cost one hash of the same parameters. A graduate (archived) is
 * told the account is closed — only after the right password, so closed accounts cannot be probed.
 */
export async function signInStudent(
  db: DbOrTx,
  limiter: RateLimiter,
  loginId: string,
  password: string,
  address: string,
) {
  const pair = rateLimits.studentSignInPair(loginId.trim().toLowerCase(), address);
  const fromAddress = rateLimits.studentSignInAddress(address);
  if (!(await limiter.reserve(pair, fromAddress))) throw paused();
  const student = await unsafeFindStudentByLoginId(db, loginId);
  const ok = await verifyStudentPassword(student?.passwordHash ?? null, password);
  if (!student || !ok) throw new AppError(ErrorCode.LOGIN_FAILED, learnMessages.signInFailed);
  await limiter.clear(pair);
  await limiter.release(fromAddress);
  if (student.archivedAt) throw closed();
  return { student, token: await issueStudentToken(db, student.id) };
}

/**
 * The QR code of a login card: a genuine key of the student's current card version. Invalid keys
 * count in the children's card bucket of the client address, apart from the teachers' pass cards:
 * junk teacher keys cannot block a school's children (docs/security.md, "Children's sign-in").
 */
export async function signInWithCard(
  db: DbOrTx,
  limiter: RateLimiter,
  cipher: CardSecret,
  key: string,
  address: string,
): Promise<{ student: LearnStudentRecord; token: string }> {
  const counted = rateLimits.studentCardAddress(address);
  if (!(await limiter.reserve(counted))) throw paused();
  const claim = readCardKey(cipher, key);
  const student = claim ? await unsafeFindStudentById(db, claim.studentId) : undefined;
  if (!student || student.cardVersion !== claim!.cardVersion)
    throw new AppError(ErrorCode.PASS_CARD_INVALID, learnMessages.cardInvalid);
  await limiter.release(counted);
  if (student.archivedAt) throw closed();
  return { student, token: await issueStudentToken(db, student.id) };
}
