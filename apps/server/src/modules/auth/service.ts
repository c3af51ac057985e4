import { ErrorCode, messages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { teachers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, signInAccountOf, type RateLimiter } from '../../lib/rate-limit.js';
import { consumePassCardKey } from './pass-card.js';
import { hashPassword, verifyPassword } from './password.js';
import { findTeacherById, findTeacherByLoginIdOrEmail, type TeacherRow } from './teacher-repository.js';
import { issueToken } from './token-repository.js';

interface ClientInfo {
  address: string;
  clientName?: string;
  deviceCode?: string;
}

const signInLimited = () => new AppError(ErrorCode.LOGIN_RATE_LIMITED, messages.loginRateLimited);

/**
 * Password sign-in (docs/security.md "Sign-in limits"). A slot of each limit is reserved
 * atomically before the password is verified, so parallel attempts can never verify more than a
 * limit allows: per (account, address) pair (the lockout), per account from every address, per
 * address. A failure keeps its slots; a success clears its pair and gives the others back.
 */
export async function signIn(
  db: DbOrTx,
  limiter: RateLimiter,
  identifier: string,
  password: string,
  client: ClientInfo,
) {
  const teacher = await findTeacherByLoginIdOrEmail(db, identifier);
  const account = teacher ? signInAccountOf(teacher.id) : `id:${identifier.trim().toLowerCase()}`;
  const pair = rateLimits.signInPair(account, client.address);
  const shared = [rateLimits.signInAccount(account), rateLimits.signInAddress(client.address)];
  if (!(await limiter.reserve(pair, ...shared))) throw signInLimited();
  const ok = await verifyPassword(teacher?.passwordHash ?? null, password);
  if (!teacher || !ok) throw new AppError(ErrorCode.LOGIN_FAILED, messages.loginFailed);
  await limiter.clear(pair);
  await limiter.release(...shared);
  const token = await issueToken(db, teacher.id, client);
  return { teacher, token };
}

/** Pass-card keys are 256-bit: invalid ones only count in their own per-address bucket. */
export async function signInWithPassCard(db: DbOrTx, limiter: RateLimiter, key: string, client: ClientInfo) {
  const counted = rateLimits.passCardAddress(client.address);
  if (!(await limiter.reserve(counted))) throw signInLimited();
  const teacherId = await consumePassCardKey(db, key);
  const teacher = teacherId === null ? null : await findTeacherById(db, teacherId);
  if (!teacher) throw new AppError(ErrorCode.PASS_CARD_INVALID, messages.passCardInvalid);
  await limiter.release(counted);
  const token = await issueToken(db, teacher.id, client);
  return { teacher, token };
}

export interface NewTeacher {
  loginId: string;
  email: string;
  password: string;
  nickname: string;
  school?: string;
  type?: 'teacher' | 'guest';
  showLive?: boolean;
  onlineClassSwitch?: boolean;
  avatar?: string | null;
}

/** Used by the operator command and the demo seed: the one way a teacher account is made. */
export async function createTeacher(db: DbOrTx, t: NewTeacher): Promise<TeacherRow> {
  const [row] = await db
    .insert(teachers)
    .values({
      loginId: t.loginId.trim(),
      email: t.email.trim().toLowerCase(),
      nickname: t.nickname.trim(),
      school: t.school?.trim() ?? '',
      type: t.type ?? 'teacher',
      showLive: t.showLive ?? false,
      onlineClassSwitch: t.onlineClassSwitch ?? false,
      avatar: t.avatar ?? null,
      passwordHash: await hashPassword(t.password),
    })
    .returning();
  return row!;
}
