import { ErrorCode, messages } from '@ondoku/contract';
import type { Db } from '../../db/client.js';
import { teachers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { accountKey, addressKey, assertNotLimited, clearFailures, recordFailure } from './login-limiter.js';
import { consumePassCardKey } from './pass-card.js';
import { hashPassword, verifyPassword } from './password.js';
import { presentSession } from './presenter.js';
import { findTeacherById, findTeacherByLoginIdOrEmail, type TeacherRow } from './teacher-repository.js';
import { issueToken } from './token-repository.js';

interface ClientInfo {
  address: string;
  clientName?: string;
  deviceCode?: string;
}

export async function signIn(db: Db, identifier: string, password: string, client: ClientInfo) {
  const keys = [accountKey(identifier), addressKey(client.address)];
  await assertNotLimited(db, keys);
  const teacher = await findTeacherByLoginIdOrEmail(db, identifier);
  const ok = await verifyPassword(teacher?.passwordHash ?? null, password);
  if (!teacher || !ok) {
    await recordFailure(db, keys);
    throw new AppError(ErrorCode.LOGIN_FAILED, messages.loginFailed);
  }
  await clearFailures(db, accountKey(identifier));
  const token = await issueToken(db, teacher.id, client);
  return presentSession(teacher, token);
}

export async function signInWithPassCard(db: Db, key: string, client: ClientInfo) {
  const keys = [addressKey(client.address)];
  await assertNotLimited(db, keys);
  const teacherId = await consumePassCardKey(db, key);
  const teacher = teacherId === null ? null : await findTeacherById(db, teacherId);
  if (!teacher) {
    await recordFailure(db, keys);
    throw new AppError(ErrorCode.PASS_CARD_INVALID, messages.passCardInvalid);
  }
  const token = await issueToken(db, teacher.id, client);
  return presentSession(teacher, token);
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
export async function createTeacher(db: Db, t: NewTeacher): Promise<TeacherRow> {
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
