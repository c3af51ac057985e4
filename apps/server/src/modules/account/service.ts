import { ErrorCode, passwordProblem, limits, messages } from '@ondoku/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { onUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findTeacherById, hashPassword, replacePassword, verifyPassword } from '../auth/index.js';
import { consumeCode, issueCode } from './code-repository.js';
import { emailChangeMail, resetPasswordMail } from './mails.js';
import { findTeacherByEmail, isEmailTakenByOther, updateEmail, updateProfile } from './teacher-account-repository.js';

/**
 * Account self-service (docs/account.md): forgotten password, profile, e-mail and password change.
 * Every write is keyed by the teacher from the token; the public reset calls find the teacher by
 * address and answer the same whether or not it is registered.
 */
const { ttlMinutes } = limits.verificationCode;

const mailRateLimited = () => new AppError(ErrorCode.MAIL_RATE_LIMITED, messages.mailRateLimited);
const codeInvalid = () => new AppError(ErrorCode.VERIFICATION_CODE_INVALID, messages.codeInvalid);
const rateLimited = () => new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);

/** The teachers' password rule (`passwordProblem` in @ondoku/contract) on a decrypted password (the form checks it before encryption too). */
function assertPasswordRule(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw AppError.badRequest(problem);
}

async function loadTeacher(db: DbOrTx, teacher: ActingTeacher) {
  const row = await findTeacherById(db, teacher.id);
  if (!row) throw AppError.unauthorized();
  return row;
}

// ── Forgotten password ────────────────────────────────────────────────────────────────────────

export async function requestPasswordReset(
  db: DbOrTx,
  limiter: RateLimiter,
  mailer: Mailer,
  log: FastifyBaseLogger,
  email: string,
  address: string,
) {
  const normalized = email.toLowerCase();
  // Both counters move for every request, registered or not, so the limit reveals nothing.
  const { over } = await limiter.hit(rateLimits.mailFromAddress(address), rateLimits.mailToEmail(normalized));
  if (over) throw mailRateLimited();

  const teacher = await findTeacherByEmail(db, normalized);
  if (teacher && teacher.type !== 'guest') {
    const code = await issueCode(db, teacher.id, 'reset_password');
    // Not awaited: the reply must take as long for an unknown address as for a known one.
    mailer.send(resetPasswordMail(teacher.email, teacher.nickname, code)).catch((err: unknown) => {
      log.error({ err, teacherId: teacher.id }, 'password-reset mail could not be sent');
    });
  } else {
    await hashPassword('timing-equaliser'); // as long as issuing a code takes
  }
  return ttlMinutes;
}

export async function resetPassword(
  db: DbOrTx,
  limiter: RateLimiter,
  input: { email: string; code: string; password: string },
  address: string,
) {
  const wrongCodes = rateLimits.wrongCodeFromAddress(address);
  if (await limiter.isLimited(wrongCodes)) throw rateLimited();
  // Checked first, so a mistyped new password does not use up a try of the code.
  assertPasswordRule(input.password);

  const teacher = await findTeacherByEmail(db, input.email);
  const ok =
    teacher && teacher.type !== 'guest'
      ? await consumeCode(db, teacher.id, 'reset_password', input.code)
      : await verifyPassword(null, input.code); // same work for an unknown address; always false
  if (!teacher || !ok) {
    await limiter.hit(wrongCodes);
    throw codeInvalid();
  }

  // The new hash and signing out everywhere land together (one statement).
  await replacePassword(db, teacher.id, await hashPassword(input.password));
  // A teacher who locked the account by guessing can sign in with the new password at once.
  await limiter.clearSignIn(teacher.id);
  return null;
}

// ── Signed-in account ─────────────────────────────────────────────────────────────────────────

export async function changeProfile(db: DbOrTx, teacher: ActingTeacher, input: { nickname: string; school: string }) {
  const row = await updateProfile(db, teacher.id, input);
  if (!row) throw AppError.unauthorized();
  return row;
}

export async function sendEmailChangeCode(
  db: DbOrTx,
  limiter: RateLimiter,
  mailer: Mailer,
  teacher: ActingTeacher,
  email: string,
) {
  const row = await loadTeacher(db, teacher);
  const normalized = email.toLowerCase();
  if (normalized === row.email) throw AppError.badRequest(messages.emailSameAsCurrent);
  if ((await limiter.hit(rateLimits.mailForTeacher(teacher.id))).over) throw mailRateLimited();
  // "Taken" tells whether an address has an account: a slot is reserved first, kept when the
  // answer is "taken", given back otherwise; once they are used up every address waits alike.
  const probe = rateLimits.emailTakenOfTeacher(teacher.id);
  if (!(await limiter.reserve(probe))) throw rateLimited();
  if (await isEmailTakenByOther(db, teacher.id, normalized)) {
    throw new AppError(ErrorCode.EMAIL_TAKEN, messages.emailTaken);
  }
  await limiter.release(probe);
  const code = await issueCode(db, teacher.id, 'change_email', normalized);
  try {
    await mailer.send(emailChangeMail(normalized, row.nickname, code));
  } catch {
    throw new AppError(ErrorCode.MAIL_SEND_FAILED, messages.mailSendFailed);
  }
  return ttlMinutes;
}

export async function changeEmail(db: DbOrTx, teacher: ActingTeacher, input: { email: string; code: string }) {
  const row = await loadTeacher(db, teacher);
  const normalized = input.email.toLowerCase();
  if (normalized === row.email) throw AppError.badRequest(messages.emailSameAsCurrent);
  if (!(await consumeCode(db, teacher.id, 'change_email', input.code, normalized))) throw codeInvalid();
  if (await isEmailTakenByOther(db, teacher.id, normalized)) {
    throw new AppError(ErrorCode.EMAIL_TAKEN, messages.emailTaken);
  }
  // Taken by someone else between the check and the update: the unique index answers.
  const updated = await onUniqueViolation(
    () => updateEmail(db, teacher.id, normalized),
    () => new AppError(ErrorCode.EMAIL_TAKEN, messages.emailTaken),
  );
  if (!updated) throw AppError.unauthorized();
  return updated;
}

export async function changePassword(
  db: DbOrTx,
  limiter: RateLimiter,
  teacher: ActingTeacher,
  input: { oldPassword: string; newPassword: string },
) {
  const wrongPasswords = rateLimits.wrongPasswordOfTeacher(teacher.id);
  if (await limiter.isLimited(wrongPasswords)) throw rateLimited();
  assertPasswordRule(input.newPassword);
  if (input.newPassword === input.oldPassword) throw AppError.badRequest(messages.passwordSameAsOld);
  const row = await loadTeacher(db, teacher);
  if (!(await verifyPassword(row.passwordHash, input.oldPassword))) {
    await limiter.hit(wrongPasswords);
    throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG, messages.currentPasswordWrong);
  }
  // Other devices are signed out with the change (one statement); this session stays.
  await replacePassword(db, teacher.id, await hashPassword(input.newPassword), { keepTokenId: teacher.tokenId });
  await limiter.clear(wrongPasswords);
  return null;
}
