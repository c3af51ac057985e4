import { ErrorCode, getHealth, getSystemStatus, limits, messages, submitClientLog } from '@ondoku/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { countRecentClientLogs, insertClientLog, readSystemStatus } from './repository.js';

export function systemRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  route(app, getHealth, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new AppError(ErrorCode.INTERNAL, messages.serviceError);
    }
    return { status: 'ok', database: 'ready' };
  });

  route(app, getSystemStatus, async () => readSystemStatus(db));

  route(app, submitClientLog, async ({ input, teacher, request }) => {
    if ((await countRecentClientLogs(db, teacher.id)) >= limits.clientLog.perMinute) {
      throw new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);
    }
    await insertClientLog(db, { teacherId: teacher.id, ...input, address: request.ip });
    return null;
  });
}
