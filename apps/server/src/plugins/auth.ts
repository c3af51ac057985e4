import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { findTeacherByTokenHash } from '../modules/auth/token-repository.js';
import { findStudentByToken } from '../modules/learn/index.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Db } from '../db/client.js';
import { ReadCache } from '../lib/read-cache.js';
import { hashSecret } from '../lib/secrets.js';
import type { TeacherRow } from '../modules/auth/teacher-repository.js';

export interface AuthTeacher {
  id: number;
  type: 'teacher' | 'guest';
  tokenId: number;
  /** The profile as the token lookup read it (teacher/info answers from it; no password hash). */
  profile: TeacherProfile;
}

/** The teacher's columns the web app may see (modules/auth/presenter.ts). */
export type TeacherProfile = Pick<
  TeacherRow,
  'id' | 'loginId' | 'email' | 'nickname' | 'avatar' | 'type' | 'showLive' | 'school' | 'onlineClassSwitch'
>;

/** A signed-in child (the students' side, modules/learn): their account, their teacher, their token. */
export interface AuthStudent {
  id: number;
  teacherId: number;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    teacher: AuthTeacher | null;
    student: AuthStudent | null;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/**
 * The teacher (or, on the students' calls, the child) comes from the bearer token alone (never
 * from the teacher_id query parameter). Teachers' and children's tokens live in separate tables,
 * so a child's token is unknown on every teacher call and a teacher's on every student call: both
 * answer 401. Runs before validation so a call without a valid token is always 401, whatever it
 * carries.
 */
export function registerAuth(app: FastifyInstance, db: Db, feed: ChangeFeed) {
  const teacherOf = tokenCache(db, feed);
  app.decorateRequest('teacher', null);
  app.decorateRequest('student', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const access = request.routeOptions.config.access;
    if (!token) {
      if (access && access !== 'public') throw AppError.unauthorized();
      return;
    }
    if (access === 'student') {
      const student = await findStudentByToken(db, token);
      if (!student) throw AppError.unauthorized();
      request.student = student;
      return;
    }
    const found = await teacherOf(token);
    if (!found && access && access !== 'public') throw AppError.unauthorized();
    request.teacher = found;
  });
}

/**
 * The token lookup through a read cache (docs/architecture.md, "Read caches"): a token seen in the
 * last minute answers from memory until its expiry or until the change feed hears of a change to
 * its teacher's row or tokens (a sign-out, a password change, a profile edit). Unknown, expired and
 * revoked tokens are never kept, so every refusal is read from the database.
 */
function tokenCache(db: Db, feed: ChangeFeed) {
  const cache = new ReadCache<AuthTeacher>(feed, { max: 20_000, maxAgeMs: 60_000 });
  return async (token: string): Promise<AuthTeacher | null> => {
    const tokenHash = hashSecret(token);
    const now = Date.now();
    const kept = cache.get(tokenHash, now);
    if (kept) return kept;
    const mark = cache.mark();
    const found = await findTeacherByTokenHash(db, tokenHash);
    if (!found) return null;
    cache.set(tokenHash, found.teacher.id, mark, found.teacher, now, found.expiresAt.getTime());
    return found.teacher;
  };
}
