import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { bearerToken, type ActingTeacher, type TokenLookup } from '../lib/acting.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Db } from '../db/client.js';
import { ReadCache } from '../lib/read-cache.js';
import { hashSecret } from '../lib/secrets.js';

/**
 * The teacher (or, on the students' calls, the child) comes from the bearer token alone (never
 * from the teacher_id query parameter). Teachers' and children's tokens live in separate tables,
 * so a child's token is unknown on every teacher call and a teacher's on every student call: both
 * answer 401. Runs before validation so a call without a valid token is always 401, whatever it
 * carries. The tables belong to modules (auth, learn): app.ts hands their lookups in as `tokens`
 * (lib/acting.ts, `TokenLookup`), so this plugin imports no module.
 */
export function registerAuth(app: FastifyInstance, db: Db, feed: ChangeFeed, tokens: TokenLookup) {
  const teacherOf = tokenCache(db, feed, tokens);
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
      const student = await tokens.studentByToken(db, token);
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
 * its teacher's row or tokens (a sign-out, a password change, a profile edit), not on a child's
 * hand-in or reading (topics the lookup does not read). Unknown, expired and
 * revoked tokens are never kept, so every refusal is read from the database.
 */
function tokenCache(db: Db, feed: ChangeFeed, tokens: TokenLookup) {
  const cache = new ReadCache<ActingTeacher>(feed, { max: 20_000, maxAgeMs: 60_000 });
  return async (token: string): Promise<ActingTeacher | null> => {
    const tokenHash = hashSecret(token);
    const now = Date.now();
    const kept = cache.get(tokenHash, now);
    if (kept) return kept;
    const mark = cache.mark();
    const found = await tokens.teacherByTokenHash(db, tokenHash);
    if (!found) return null;
    // teachers and auth_tokens only, announced as the whole teacher: a child's hand-in (a topic of
    // the teacher's data) leaves it be.
    cache.set(tokenHash, found.teacher.id, mark, found.teacher, now, found.expiresAt.getTime(), []);
    return found.teacher;
  };
}
