import {
  createDownloadTask,
  deleteDownloadTasks,
  downloadLimits,
  downloadMessages,
  downloadTaskFile,
  ErrorCode,
  exportTopicScoreOverview,
  exportTopicStudentScore,
  getDownloadTaskPageList,
  messages,
  retryDownloadTask,
  sendStudentTopicMail,
  type HomeworkDownloadKind,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { presentCount } from '../../lib/present.js';
import { blobRoute, route } from '../../lib/route.js';
import type { Mailer } from '../../lib/mailer.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import type { Storage } from '../../lib/storage.js';
import { findTeacherById } from '../auth/index.js';
import { requireOwnHomework } from '../homework/policy.js';
import { exporters, exportTitle } from './exports.js';
import { homeworkReportMail } from './report-mail.js';
import { requireEveryTask, requireOwnTask } from './policy.js';
import { presentMailed, presentTaskPage, presentTaskReply } from './presenter.js';
import { deleteOwnTasks, fileInUse, insertTask, pageOfTasks, requeue } from './repository.js';
import { holdQueueOf } from './service.js';
import type { DownloadRunner } from './runner.js';

/** Download tasks and the homework results exports (docs/downloads.md). */
export function downloadRoutes(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; clock: Clock; runner: DownloadRunner; mailer: Mailer; limiter: RateLimiter },
) {
  const { db, storage, clock, runner, mailer, limiter } = deps;

  route(app, getDownloadTaskPageList, async ({ input, teacher }) =>
    presentTaskPage(await pageOfTasks(db, teacher.id, input), input),
  );

  // The runner must see the committed row: it is woken once the transaction committed (and
  // would find the pending row at its next poll anyway).
  route(app, createDownloadTask, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const now = clock.now();
    const hw = await requireOwnHomework(tx, teacher, input.homework_id, now);
    await holdQueueOf(tx, teacher.id);
    const title = exportTitle(input.kind, hw);
    const task = await insertTask(tx, teacher.id, { kind: input.kind, params: { homework_id: hw.id }, title }, now);
    afterCommit(() => runner.kick());
    return presentTaskReply(task);
  });

  route(app, retryDownloadTask, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const found = await requireOwnTask(tx, teacher, input.task_id, { lock: true });
    if (found.status !== 'failed')
      throw new AppError(ErrorCode.DOWNLOAD_ONLY_FAILED_RETRY, downloadMessages.onlyFailedRetry);
    await holdQueueOf(tx, teacher.id);
    const task = await requeue(tx, found.id);
    afterCommit(() => runner.kick());
    return presentTaskReply(task);
  });

  route(app, deleteDownloadTasks, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const ids = [...new Set(input.task_ids)];
    const removed = await deleteOwnTasks(tx, teacher.id, ids);
    // A list with a stranger's (or an unknown) task in it: nothing is deleted (the rollback).
    requireEveryTask(removed.length, ids.length);
    // The files go once the rows are gone for good; one another task still names stays.
    afterCommit(async () => {
      for (const key of new Set(removed.map((r) => r.fileKey).filter((k): k is string => !!k)))
        if (!(await fileInUse(db, key))) await storage.remove(key);
    });
    return presentCount(removed.length);
  });

  blobRoute(app, downloadTaskFile, async ({ input, teacher }) => {
    const task = await requireOwnTask(db, teacher, input.task_id);
    if (task.status !== 'finished' || !task.fileKey || !task.fileName)
      throw new AppError(ErrorCode.DOWNLOAD_NOT_READY, downloadMessages.notFinished);
    return { filename: task.fileName, body: await storage.readAll(task.fileKey) };
  });

  const direct =
    (kind: HomeworkDownloadKind) =>
    async ({ input, teacher }: { input: { homework_id: number }; teacher: { id: number } }) => {
      const now = clock.now();
      const hw = await requireOwnHomework(db, teacher, input.homework_id, now);
      if (hw.assignedCount > downloadLimits.directMaxRows)
        throw new AppError(ErrorCode.DOWNLOAD_USE_TASK, downloadMessages.tooLargeForDirect);
      const file = await exporters[kind](db, hw, now, () => {});
      return { filename: file.fileName, body: file.body };
    };
  blobRoute(app, exportTopicScoreOverview, direct('topic-score-overview'));
  blobRoute(app, exportTopicStudentScore, direct('topic-student-score'));

  route(app, sendStudentTopicMail, async ({ input, teacher }) => {
    const now = clock.now();
    const hw = await requireOwnHomework(db, teacher, input.homework_id, now);
    if (hw.assignedCount > downloadLimits.directMaxRows)
      throw new AppError(ErrorCode.DOWNLOAD_USE_TASK, downloadMessages.tooLargeForDirect);
    const email = input.email.toLowerCase();
    const { over } = await limiter.hit(rateLimits.mailForTeacher(teacher.id), rateLimits.mailToEmail(email));
    if (over) throw new AppError(ErrorCode.MAIL_RATE_LIMITED, messages.mailRateLimited);
    const files = [
      await exporters['topic-student-score'](db, hw, now, () => {}),
      await exporters['topic-score-overview'](db, hw, now, () => {}),
    ];
    try {
      await mailer.send(homeworkReportMail(email, hw, files, (await findTeacherById(db, teacher.id))?.nickname ?? ''));
    } catch {
      throw new AppError(ErrorCode.MAIL_SEND_FAILED, messages.mailSendFailed);
    }
    return presentMailed(email);
  });
}
