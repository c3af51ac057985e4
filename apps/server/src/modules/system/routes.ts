import { ErrorCode, getHealth, getPreparation, getSystemStatus, messages, submitClientLog } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import { headquartersSource, libraryState } from '../library/index.js';
import { unfinishedPreparation } from '../../lib/preparation.js';
import { presentHealth, presentPreparation, presentSystemStatus } from './presenter.js';
import { insertClientLog, readSystemStatus } from './repository.js';

export function systemRoutes(app: FastifyInstance, deps: { db: Db; limiter: RateLimiter }) {
  const { db, limiter } = deps;

  route(app, getHealth, async () => {
    try {
      await db.execute(sql`select 1`);
      return presentHealth(await libraryState(db, headquartersSource()));
    } catch {
      // The database is away: 503 until it is back (docs/database.md, "When the database goes away").
      throw new AppError(ErrorCode.UNAVAILABLE, messages.serviceError);
    }
  });

  route(app, getSystemStatus, async () => presentSystemStatus(await readSystemStatus(db)));

  // Not cached: polled while a first start prepares, and it changes by itself as the work goes on.
  route(app, getPreparation, async ({ teacher }) => presentPreparation(await unfinishedPreparation(db, teacher.id)));

  route(app, submitClientLog, async ({ input, teacher, request }) => {
    if ((await limiter.hit(rateLimits.clientLogsOfTeacher(teacher.id))).over) {
      throw new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);
    }
    await insertClientLog(db, { teacherId: teacher.id, ...input, address: request.ip });
    return null;
  });
}
