import { getHomeworkClassRows, getMyHomeworkPageList, getStudentListByClass } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { listClasses } from '../classes/index.js';
import { requireOwnClass } from '../classes/policy.js';
import { listClassStudents } from '../students/index.js';
import { presentHomework, presentHomeworkClass, presentHomeworkStudent } from './presenter.js';
import { listTeacherHomework } from './repository.js';

/** The homework calls: the teacher's homework, and the classes and students it can go to. */
export function homeworkRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  route(app, getMyHomeworkPageList, async ({ input, teacher }) => {
    const { rows, total } = await listTeacherHomework(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      searchTitle: input.search_title,
      sortField: input.sort_field,
      sortOrder: input.sort_order,
    });
    return { rows: rows.map(presentHomework), total, page: input.page, limit: input.limit };
  });

  // Hidden classes are not offered for new homework.
  route(app, getHomeworkClassRows, async ({ teacher }) => ({
    rows: (await listClasses(db, teacher.id, { includeHidden: false })).map(presentHomeworkClass),
  }));

  route(app, getStudentListByClass, async ({ input, teacher }) => {
    await requireOwnClass(db, teacher, input.team_id);
    return { rows: (await listClassStudents(db, teacher.id, input.team_id)).map(presentHomeworkStudent) };
  });
}
