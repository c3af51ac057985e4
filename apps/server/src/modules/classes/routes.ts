import {
  createClass,
  deleteClass,
  getArchivedClassRows,
  getClassCode,
  renewClassCode,
  restoreClass,
  getClassInfo,
  getMyClassRows,
  hideClass,
  reorderClasses,
  showClass,
  updateClass,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { listArchivedClasses, listClasses } from './class-repository.js';
import { requireOwnClass } from './policy.js';
import { rosterReadCache } from './read-caches.js';
import {
  presentArchivedClassRows,
  presentClass,
  presentClassCode,
  presentClassRows,
  presentDeletedClass,
} from './presenter.js';
import * as service from './service.js';

/** The class calls (the spec's team): create, rename, reorder, hide/show. */
export function classRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getMyClassRows, { cache: rosterReadCache(clock) }, async ({ teacher }) =>
    presentClassRows(await listClasses(db, teacher.id)),
  );

  route(app, getClassInfo, async ({ input, teacher }) =>
    presentClass(await requireOwnClass(db, teacher, input.team_id, { readOnly: true })),
  );

  // The class limit is counted under the teacher's lock, inside this transaction.
  route(app, createClass, { transaction: true }, async ({ input, teacher, tx }) =>
    presentClass(await service.createClass(tx, teacher.id, { name: input.name, allowJoin: input.allow_join })),
  );

  route(app, updateClass, async ({ input, teacher }) =>
    presentClass(
      await service.updateClass(db, teacher.id, input.id, { name: input.name, allowJoin: input.allow_join }),
    ),
  );

  route(app, reorderClasses, async ({ input, teacher }) =>
    presentClassRows(await service.reorderClasses(db, teacher.id, input.team_ids)),
  );

  route(app, hideClass, async ({ input, teacher }) =>
    presentClass(await service.setClassHidden(db, teacher.id, input.team_id, true)),
  );

  route(app, showClass, async ({ input, teacher }) =>
    presentClass(await service.setClassHidden(db, teacher.id, input.team_id, false)),
  );

  // A school year (docs/classes.md, "A school year"): deletion with undo, class codes, last years' classes.
  route(app, deleteClass, { transaction: true }, async ({ input, teacher, tx }) =>
    presentDeletedClass(await service.deleteClass(tx, teacher.id, input.team_id)),
  );
  route(app, restoreClass, { transaction: true }, async ({ input, teacher, tx }) =>
    presentClass(await service.restoreClass(tx, teacher.id, input.team_id)),
  );
  route(app, getClassCode, async ({ input, teacher }) =>
    presentClassCode(await requireOwnClass(db, teacher, input.team_id)),
  );
  route(app, renewClassCode, { transaction: true }, async ({ input, teacher, tx }) =>
    presentClassCode(await service.renewClassCode(tx, teacher.id, input.team_id)),
  );
  route(app, getArchivedClassRows, async ({ teacher }) =>
    presentArchivedClassRows(await listArchivedClasses(db, teacher.id)),
  );
}
