import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { findTeacherByToken } from '../modules/auth/token-repository.js';
import type { Db } from '../db/client.js';

export interface AuthTeacher {
  id: number;
  type: 'teacher' | 'guest';
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    teacher: AuthTeacher | null;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/**
 * The teacher comes from the bearer token alone (never from the teacher_id query parameter).
 * Runs before validation so a call without a valid token is always 401, whatever it carries.
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('teacher', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const access = request.routeOptions.config.access;
    if (!token) {
      if (access && access !== 'public') throw AppError.unauthorized();
      return;
    }
    const found = await findTeacherByToken(db, token);
    if (!found && access && access !== 'public') throw AppError.unauthorized();
    request.teacher = found;
  });
}
