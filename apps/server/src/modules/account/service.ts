import { ErrorCode, isValidPassword, limits, messages } from '@ondoku/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthTeacher } from '../../plugins/auth.js';
import { accountKey, clearFailures } from '../auth/login-limiter.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { presentTeacher } from '../auth/presenter.js';
import { findTeacherById } from '../auth/teacher-repository.js';
import { revokeTeacherTokens } from '../auth/token-repository.js';
import { consumeCode, issueCode } from './code-repository.js';
import { emailChangeMail, resetPasswordMail } from './mails.js';
import { clearLimit, hitOver, isLimited, type Limit } from './rate-limiter.js';
import {
  findTeacherByEmail,
  isEmailTakenByOther,
  updateEmail,
  updatePasswordHash,
  updateProfile,
} from './teacher-account-repository.js';

/**
 * Account self-service (docs/account.md): forgotten password, profile, e-mail and password change.
 * Every write is keyed by the teacher from the token; the public reset calls find the teacher by
 * address and answer the same whether or not it is registered.
 */
const mail = limits.mailRateLimit;
const acct = limits.accountRateLimit;
const { ttlMinutes } = limits.verificationCode;

const mailLimits = {
  email: (email: string): Limit => ({
    key: `mail:email:${email}`,
    max: mail.perEmail,
    windowMinutes: mail.windowMinutes,
  }),
  address: (ip: string): Limit => ({ key: `mail:addr:${ip}`, max: mail.perAddress, windowMinutes: mail.windowMinutes }),
  teacher: (id: number): Limit => ({
    key: `mail:teacher:${id}`,
    max: mail.perTeacher,
    windowMinutes: mail.windowMinutes,
  }),
};
const wrongCodeLimit = (ip: string): Limit => ({
  key: `code:addr:${ip}`,
  max: acct.wrongCodePerAddress,
  windowMinutes: acct.windowMinutes,
});
const wrongPasswordLimit = (id: number): Limit => ({
  key: `pwchange:teacher:${id}`,
  max: acct.wrongPasswordPerTeacher,
  windowMinutes: acct.windowMinutes,
});

const mailRateLimited = () => new AppError(ErrorCode.MAIL_RATE_LIMITED, messages.mailRateLimited);
const codeInvalid = () => new AppError(ErrorCode.VERIFICATION_CODE_INVALID, messages.codeInvalid);
const rateLimited = () => new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);

/** The §5 password rule on a decrypted password (the form checks it before encryption too). */
function assertPasswordRule(password: string) {
  if (!isValidPassword(password)) throw AppError.badRequest(messages.passwordRule);
}

async function loadTeacher(db: Db, teacher: AuthTeacher) {
  const row = await findTeacherById(db, teacher.id);
  if (!row) throw AppError.unauthorized();
  return row;
}

// ── Forgotten password ────────────────────────────────────────────────────────────────────────

export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  email: string,
  address: string,
) {
  const normalized = email.toLowerCase();
  // Both counters move for every request, registered or not, so the limit reveals nothing.
  const overAddress = await hitOver(db, mailLimits.address(address));
  const overEmail = await hitOver(db, mailLimits.email(normalized));
  if (overAddress || overEmail) throw mailRateLimited();

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
  return { expires_in_minutes: ttlMinutes };
}

export async function resetPassword(db: Db, input: { email: string; code: string; password: string }, address: string) {
  if (await isLimited(db, wrongCodeLimit(address))) throw rateLimited();
  // Checked first, so a mistyped new password does not use up a try of the code.
  assertPasswordRule(input.password);

  const teacher = await findTeacherByEmail(db, input.email);
  const ok =
    teacher && teacher.type !== 'guest'
      ? await consumeCode(db, teacher.id, 'reset_password', input.code)
      : await verifyPassword(null, input.code); // same work for an unknown address; always false
  if (!teacher || !ok) {
    await hitOver(db, wrongCodeLimit(address));
    throw codeInvalid();
  }

  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, teacher.id, passwordHash);
    await revokeTeacherTokens(tx, teacher.id);
  });
  // A teacher who locked the account by guessing can sign in with the new password at once.
  await clearFailures(db, accountKey(teacher.loginId));
  await clearFailures(db, accountKey(teacher.email));
  return null;
}

// ── Signed-in account ─────────────────────────────────────────────────────────────────────────

export async function changeProfile(db: Db, teacher: AuthTeacher, input: { nickname: string; school: string }) {
  const row = await updateProfile(db, teacher.id, input);
  if (!row) throw AppError.unauthorized();
  return { user: presentTeacher(row) };
}

export async function sendEmailChangeCode(db: Db, mailer: Mailer, teacher: AuthTeacher, email: string) {
  const row = await loadTeacher(db, teacher);
  const normalized = email.toLowerCase();
  if (normalized === row.email) throw AppError.badRequest(messages.emailSameAsCurrent);
  if (await hitOver(db, mailLimits.teacher(teacher.id))) throw mailRateLimited();
  if (await isEmailTakenByOther(db, teacher.id, normalized)) {
    throw new AppError(ErrorCode.EMAIL_TAKEN, messages.emailTaken);
  }
  const code = await issueCode(db, teacher.id, 'change_email', normalized);
  try {
    await mailer.send(emailChangeMail(normalized, row.nickname, code));
  } catch {
    throw new AppError(ErrorCode.MAIL_SEND_FAILED, messages.mailSendFailed);
  }
  return { expires_in_minutes: ttlMinutes };
}

export async function changeEmail(db: Db, teacher: AuthTeacher, input: { email: string; code: string }) {
  const row = await loadTeacher(db, teacher);
  const normalized = input.email.toLowerCase();
  if (normalized === row.email) throw AppError.badRequest(messages.emailSameAsCurrent);
  if (!(await consumeCode(db, teacher.id, 'change_email', input.code, normalized))) throw codeInvalid();
  if (await isEmailTakenByOther(db, teacher.id, normalized)) {
    throw new AppError(ErrorCode.EMAIL_TAKEN, messages.emailTaken);
  }
  try {
    const updated = await updateEmail(db, teacher.id, normalized);
    if (!updated) throw AppError.unauthorized();
    return { user: presentTeacher(updated) };
  } catch (e) {
    // Taken by someone else between the check and the update (unique index).
    if ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError(ErrorCode.EMAIL_TAKEN, messages.emailTaken);
    }
    throw e;
  }
}

export async function changePassword(
  db: Db,
  teacher: AuthTeacher,
  input: { oldPassword: string; newPassword: string },
) {
  if (await isLimited(db, wrongPasswordLimit(teacher.id))) throw rateLimited();
  assertPasswordRule(input.newPassword);
  if (input.newPassword === input.oldPassword) throw AppError.badRequest(messages.passwordSameAsOld);
  const row = await loadTeacher(db, teacher);
  if (!(await verifyPassword(row.passwordHash, input.oldPassword))) {
    await hitOver(db, wrongPasswordLimit(teacher.id));
    throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG, messages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, teacher.id, passwordHash);
    // Other devices are signed out; the session that made the change stays.
    await revokeTeacherTokens(tx, teacher.id, teacher.tokenId);
  });
  await clearLimit(db, wrongPasswordLimit(teacher.id).key);
  return null;
}
