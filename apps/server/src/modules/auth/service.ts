import { ErrorCode, messages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { teachers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
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

/** Failed sign-ins count per account name and per address (lib/rate-limit.ts); a success clears the account's. */
export async function signIn(
  db: DbOrTx,
  limiter: RateLimiter,
  identifier: string,
  password: string,
  client: ClientInfo,
) {
  const counted = [rateLimits.signInAccount(identifier), rateLimits.signInAddress(client.address)];
  if (await limiter.isLimited(...counted)) throw signInLimited();
  const teacher = await findTeacherByLoginIdOrEmail(db, identifier);
  const ok = await verifyPassword(teacher?.passwordHash ?? null, password);
  if (!teacher || !ok) {
    await limiter.hit(...counted);
    throw new AppError(ErrorCode.LOGIN_FAILED, messages.loginFailed);
  }
  await limiter.clear(rateLimits.signInAccount(identifier));
  const token = await issueToken(db, teacher.id, client);
  return { teacher, token };
}

export async function signInWithPassCard(db: DbOrTx, limiter: RateLimiter, key: string, client: ClientInfo) {
  const counted = rateLimits.signInAddress(client.address);
  if (await limiter.isLimited(counted)) throw signInLimited();
  const teacherId = await consumePassCardKey(db, key);
  const teacher = teacherId === null ? null : await findTeacherById(db, teacherId);
  if (!teacher) {
    await limiter.hit(counted);
    throw new AppError(ErrorCode.PASS_CARD_INVALID, messages.passCardInvalid);
  }
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
