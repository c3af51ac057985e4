import {
  createTeam,
  getHomeworkTeamRows,
  getMyTeamRows,
  getTeamInfo,
  makeTeamHidden,
  makeTeamObvious,
  reorderTeams,
  updateTeam,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { listClasses, requireClass } from './class-repository.js';
import { presentClass } from './presenter.js';
import { createClass, reorderClasses, setClassHidden, updateClass } from './service.js';

export function classRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  route(app, getMyTeamRows, async ({ teacher }) => ({ rows: (await listClasses(db, teacher.id)).map(presentClass) }));

  route(app, getTeamInfo, async ({ input, teacher }) =>
    presentClass(await requireClass(db, teacher.id, input.team_id)),
  );

  route(app, createTeam, async ({ input, teacher }) =>
    presentClass(await createClass(db, teacher.id, { name: input.name, allowJoin: input.allow_join })),
  );

  route(app, updateTeam, async ({ input, teacher }) =>
    presentClass(await updateClass(db, teacher.id, input.id, { name: input.name, allowJoin: input.allow_join })),
  );

  route(app, reorderTeams, async ({ input, teacher }) => ({
    rows: (await reorderClasses(db, teacher.id, input.team_ids)).map(presentClass),
  }));

  route(app, makeTeamHidden, async ({ input, teacher }) =>
    presentClass(await setClassHidden(db, teacher.id, input.team_id, true)),
  );

  route(app, makeTeamObvious, async ({ input, teacher }) =>
    presentClass(await setClassHidden(db, teacher.id, input.team_id, false)),
  );

  route(app, getHomeworkTeamRows, async ({ teacher }) => ({
    rows: (await listClasses(db, teacher.id, { includeHidden: false })).map((c) => ({
      team_id: c.id,
      name: c.name,
      student_count: c.studentCount,
    })),
  }));
}
