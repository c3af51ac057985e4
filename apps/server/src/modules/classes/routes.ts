import {
  createClass,
  getHomeworkClassRows,
  getMyClassRows,
  getClassInfo,
  hideClass,
  showClass,
  reorderClasses,
  updateClass,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { listClasses, requireClass } from './class-repository.js';
import { presentClass } from './presenter.js';
import * as service from './service.js';

export function classRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  route(app, getMyClassRows, async ({ teacher }) => ({ rows: (await listClasses(db, teacher.id)).map(presentClass) }));

  route(app, getClassInfo, async ({ input, teacher }) =>
    presentClass(await requireClass(db, teacher.id, input.team_id)),
  );

  route(app, createClass, async ({ input, teacher }) =>
    presentClass(await service.createClass(db, teacher.id, { name: input.name, allowJoin: input.allow_join })),
  );

  route(app, updateClass, async ({ input, teacher }) =>
    presentClass(
      await service.updateClass(db, teacher.id, input.id, { name: input.name, allowJoin: input.allow_join }),
    ),
  );

  route(app, reorderClasses, async ({ input, teacher }) => ({
    rows: (await service.reorderClasses(db, teacher.id, input.team_ids)).map(presentClass),
  }));

  route(app, hideClass, async ({ input, teacher }) =>
    presentClass(await service.setClassHidden(db, teacher.id, input.team_id, true)),
  );

  route(app, showClass, async ({ input, teacher }) =>
    presentClass(await service.setClassHidden(db, teacher.id, input.team_id, false)),
  );

  route(app, getHomeworkClassRows, async ({ teacher }) => ({
    rows: (await listClasses(db, teacher.id, { includeHidden: false })).map((c) => ({
      team_id: c.id,
      name: c.name,
      student_count: c.studentCount,
    })),
  }));
}
