import {
  downloadKindLabels,
  exportLearningStatistics,
  getProgressGraph,
  getSoundInsights,
  getUsageAmount,
  getWordProgress,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { enqueueTask, presentTaskReply, type DownloadRunner } from '../downloads/index.js';
import { requestedRange } from './period.js';
import { attemptStatisticsReadCache, soundStatisticsReadCache } from './read-caches.js';
import { requireClassScope } from './policy.js';
import { presentProgressGraph, presentSoundInsights, presentUsageAmount, presentWordProgress } from './presenter.js';
import { progressReport, soundReport, usageReport, wordProgressReport } from './service.js';

/**
 * The learning statistics of one class (docs/learning-statistics.md): each call asks the policy
 * first (a class or child of another teacher answers 404), then reads the class's children's
 * submissions or sound statistics in the period.
 */
export function learningStatisticsRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; runner: Pick<DownloadRunner, 'kick'> },
) {
  const { db, clock, runner } = deps;
  const fromAttempts = attemptStatisticsReadCache(clock);

  route(app, getProgressGraph, { cache: fromAttempts }, async ({ input, teacher }) => {
    const { klass, scope, student } = await requireClassScope(db, teacher, input.team_id, input.student_id);
    const report = await progressReport(db, scope, clock.now(), input);
    return presentProgressGraph(report, klass, student);
  });

  route(app, getUsageAmount, { cache: fromAttempts }, async ({ input, teacher }) => {
    const { klass, scope, student } = await requireClassScope(db, teacher, input.team_id, input.student_id);
    const report = await usageReport(db, scope, clock.now(), input);
    return presentUsageAmount(report, klass, student);
  });

  route(app, getWordProgress, { cache: fromAttempts }, async ({ input, teacher }) => {
    const { klass, scope } = await requireClassScope(db, teacher, input.team_id);
    const report = await wordProgressReport(db, scope, clock.now(), input);
    return presentWordProgress(report, klass);
  });

  route(app, getSoundInsights, { cache: soundStatisticsReadCache(clock) }, async ({ input, teacher }) => {
    const { klass, scope } = await requireClassScope(db, teacher, input.team_id);
    const report = await soundReport(db, scope, teacher.id, clock.now(), input);
    return presentSoundInsights(report, klass);
  });

  // The runner must see the committed task: it is woken once the transaction committed.
  route(app, exportLearningStatistics, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const now = clock.now();
    const { klass, student } = await requireClassScope(tx, teacher, input.team_id, input.student_id);
    // The period is resolved now (word progress keeps its own default), so a retry makes the same file.
    const range =
      input.kind === 'learning-words' && !input.start_date && !input.end_date ? null : requestedRange(now, input);
    const task = await enqueueTask(
      tx,
      teacher.id,
      {
        kind: input.kind,
        params: {
          class_id: klass.id,
          ...(student ? { login_id: student.loginId } : {}),
          ...(range ?? {}),
          ...(input.unit ? { unit: input.unit } : {}),
          ...(input.book_code ? { book_code: input.book_code } : {}),
          ...(input.part ? { part: input.part } : {}),
        },
        title: `${downloadKindLabels[input.kind]}：${klass.name}${student ? ` ${student.name}` : ''}`,
      },
      now,
    );
    afterCommit(() => runner.kick());
    return presentTaskReply(task);
  });
}
