import { getProgressGraph, getSoundInsights, getUsageAmount, getWordProgress } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { requireClassScope } from './policy.js';
import { presentProgressGraph, presentSoundInsights, presentUsageAmount, presentWordProgress } from './presenter.js';
import { progressReport, soundReport, usageReport, wordProgressReport } from './service.js';

/**
 * The learning statistics of one class (docs/learning-statistics.md): each call asks the policy
 * first (a class or child of another teacher answers 404), then reads the class's children's
 * submissions or sound statistics in the period.
 */
export function learningStatisticsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getProgressGraph, async ({ input, teacher }) => {
    const { klass, scope, student } = await requireClassScope(db, teacher, input.team_id, input.student_id);
    const report = await progressReport(db, scope, clock.now(), input);
    return presentProgressGraph(report, klass, student);
  });

  route(app, getUsageAmount, async ({ input, teacher }) => {
    const { klass, scope, student } = await requireClassScope(db, teacher, input.team_id, input.student_id);
    const report = await usageReport(db, scope, clock.now(), input);
    return presentUsageAmount(report, klass, student);
  });

  route(app, getWordProgress, async ({ input, teacher }) => {
    const { klass, scope } = await requireClassScope(db, teacher, input.team_id);
    const report = await wordProgressReport(db, scope, clock.now(), input);
    return presentWordProgress(report, klass);
  });

  route(app, getSoundInsights, async ({ input, teacher }) => {
    const { klass, scope } = await requireClassScope(db, teacher, input.team_id);
    const report = await soundReport(db, scope, teacher.id, clock.now(), input);
    return presentSoundInsights(report, klass);
  });
}
