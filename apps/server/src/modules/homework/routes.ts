import { getMyHomeworkPageList, type HomeworkRow } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { homework } from '../../db/schema/index.js';
import { route } from '../../lib/route.js';
import { listTeacherHomework } from './repository.js';

const presentHomework = (h: typeof homework.$inferSelect): HomeworkRow => ({
  homework_id: h.id,
  title: h.title,
  type: h.type,
  origin_type: h.originType,
  required_times: h.requiredTimes,
  has_delay: h.hasDelay,
  start_time: h.startTime.toISOString(),
  end_time: h.endTime.toISOString(),
  created_at: h.createdAt.toISOString(),
});

export function homeworkRoutes(app: FastifyInstance, deps: { db: Db }) {
  route(app, getMyHomeworkPageList, async ({ input, teacher }) => {
    const { rows, total } = await listTeacherHomework(deps.db, teacher.id, {
      page: input.page,
      limit: input.limit,
      searchTitle: input.search_title,
      sortField: input.sort_field,
      sortOrder: input.sort_order,
    });
    return { rows: rows.map(presentHomework), total, page: input.page, limit: input.limit };
  });
}
