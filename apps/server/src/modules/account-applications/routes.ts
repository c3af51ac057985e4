import {
  checkApplyRoster,
  ErrorCode,
  getApplicationFile,
  getApplyBasicInfo,
  getApplyOrderList,
  getApplyOrderSelectData,
  messages,
  putApplyRequest,
  withdrawApplication,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { blobRoute, route, uploadRoute } from '../../lib/route.js';
import type { Storage } from '../../lib/storage.js';
import { listClasses } from '../classes/index.js';
import { requireOwnApplication } from './policy.js';
import {
  presentApplicationId,
  presentApplicationPage,
  presentBasicInfo,
  presentRosterCheck,
  presentSelectData,
} from './presenter.js';
import { classNamesOf, pageApplications, pendingKinds } from './repository.js';
import * as service from './service.js';

/** Account applications: the school's accounts, the kinds, the list, checking and sending, withdrawing, the file. */
export function accountApplicationRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; limiter: RateLimiter; clock: Clock },
) {
  const { db, storage, limiter, clock } = deps;
  /** Checking a roster tells which ids are in use: counted like the class import (docs/security.md). */
  const countCheck = async (teacherId: number) => {
    if ((await limiter.hit(rateLimits.importsOfTeacher(teacherId))).over)
      throw new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);
  };

  route(app, getApplyBasicInfo, async ({ teacher }) =>
    presentBasicInfo(await service.basicInfo(db, teacher, clock.now())),
  );

  route(app, getApplyOrderSelectData, async ({ teacher }) => {
    const [pending, classes] = await Promise.all([
      pendingKinds(db, teacher.id),
      listClasses(db, teacher.id, { includeHidden: true }),
    ]);
    return presentSelectData(pending, classes, service.schoolYearOf(clock.now()));
  });

  route(app, getApplyOrderList, async ({ input, teacher }) => {
    const page = await pageApplications(
      db,
      teacher.id,
      {
        applyType: input.apply_type,
        status: input.apply_status,
        ...service.periodOf(input.start_time, input.end_time),
      },
      input,
    );
    const ids = page.rows.flatMap((r) => [...(r.classId === null ? [] : [r.classId]), ...r.createdClassIds]);
    return presentApplicationPage(page, await classNamesOf(db, teacher.id, ids), input);
  });

  uploadRoute(app, checkApplyRoster, { transaction: true }, async ({ input, teacher, file, tx }) => {
    const form = service.parseCheckFields(input);
    await countCheck(teacher.id);
    return presentRosterCheck(await service.checkApplicationFile(tx, teacher, form, file, limiter));
  });

  uploadRoute(app, putApplyRequest, { transaction: true }, async ({ input, teacher, file, tx }) => {
    const form = service.parseApplicationFields(input);
    await countCheck(teacher.id);
    const made = await service.submitApplication(tx, storage, teacher, form, file, limiter, clock.now());
    return presentApplicationId(made);
  });

  route(app, withdrawApplication, { transaction: true }, async ({ input, teacher, tx }) => {
    const application = await requireOwnApplication(tx, teacher, input.id);
    await service.withdrawApplication(tx, application, clock.now());
    return null;
  });

  blobRoute(app, getApplicationFile, async ({ input, teacher }) => {
    const application = await requireOwnApplication(db, teacher, input.id);
    return {
      filename: application.fileName,
      body: await storage.readAll(application.fileKey),
      contentType: service.contentTypeOfApplication(application),
    };
  });
}
