import {
  exerciseTypeLabels,
  exerciseTypes,
  exportCurrentMonthSummary,
  getCurrentMonthSummary,
  getExerciseSearchFilter,
  getExerciseSummary,
  getNewHomeworkList,
  getNewHomeworkSummary,
  getResourceExerciseDetails,
  getResourceExerciseLogs,
  selfPracticeLimits,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { blobRoute, route } from '../../lib/route.js';
import { listClasses } from '../classes/index.js';
import { noSignRecording, recordingUrlsFor, type SignRecording } from '../results/index.js';
import { requireVisibleResource } from '../library/policy.js';
import { requireScope, requireScopeStudent } from './policy.js';
import { namedRanges, periodOf } from './period.js';
import {
  presentExerciseSummary,
  presentNewHomeworkPage,
  presentNewHomeworkSummary,
  presentResourceDetails,
  presentResourceLogs,
  presentSearchFilter,
} from './presenter.js';
import * as repo from './repository.js';
import { currentMonthSummary, currentMonthXlsx, rangeOf } from './service.js';

/** Signs a recording's storage key into an expiring URL (the evaluation module's), or null. */

/**
 * The self-practice calls of the Study survey group (docs/self-practice.md). Each asks the
 * policy first (a class or child of another teacher answers 404; a resource the teacher may not
 * see answers 404), then reads the attempts of the teacher's children in a period.
 */
export function selfPracticeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; recordingUrl?: SignRecording }) {
  const { db, clock } = deps;
  const recordingUrl = deps.recordingUrl ?? noSignRecording;

  route(app, getExerciseSearchFilter, async ({ teacher }) => {
    const classes = await listClasses(db, teacher.id);
    return presentSearchFilter(classes, exerciseTypes, exerciseTypeLabels, namedRanges(clock.now()));
  });

  route(app, getExerciseSummary, async ({ input, teacher }) => {
    const scope = await requireScope(db, teacher, input.team_id);
    const range = rangeOf(clock.now(), input);
    const period = periodOf(range);
    const [students, totals, byType, top] = await Promise.all([
      repo.countStudents(db, scope),
      repo.totals(db, scope, period, input.type),
      repo.totalsByType(db, scope, period, input.type),
      repo.topResources(db, scope, period, selfPracticeLimits.topResources, input.type),
    ]);
    return presentExerciseSummary(range, totals, students, byType, top);
  });

  route(app, getResourceExerciseDetails, async ({ input, teacher }) => {
    const resource = await requireVisibleResource(db, teacher, input.resource_id);
    const scope = await requireScope(db, teacher, input.team_id);
    const range = rangeOf(clock.now(), input);
    const rows = await repo.resourceStudents(db, scope, periodOf(range), resource.id);
    return presentResourceDetails(range, resource, rows);
  });

  route(app, getResourceExerciseLogs, async ({ input, teacher }) => {
    const resource = await requireVisibleResource(db, teacher, input.resource_id);
    const scope = await requireScope(db, teacher, input.team_id);
    const student =
      input.student_id === undefined ? undefined : await requireScopeStudent(db, teacher, input.student_id);
    const range = rangeOf(clock.now(), input);
    const page = await repo.resourceLogs(db, scope, periodOf(range), {
      resourceId: resource.id,
      studentId: student?.id,
      page: input.page,
      limit: input.limit,
    });
    const answers = await repo.answersOf(
      db,
      page.rows.map((r) => r.attemptId),
    );
    return presentResourceLogs(page, answers, input, recordingUrlsFor(recordingUrl, teacher));
  });

  route(app, getCurrentMonthSummary, async ({ input, teacher }) => {
    const scope = await requireScope(db, teacher, input.team_id);
    return currentMonthSummary(db, scope, clock.now());
  });

  blobRoute(app, exportCurrentMonthSummary, async ({ input, teacher }) => {
    const scope = await requireScope(db, teacher, input.team_id);
    const now = clock.now();
    const summary = await currentMonthSummary(db, scope, now);
    const className = input.team_id === undefined ? null : (summary.teams[0]?.name ?? null);
    return currentMonthXlsx(summary, className, now);
  });

  const newSince = (now: Date) => new Date(now.getTime() - selfPracticeLimits.newHomeworkDays * 86_400_000);

  route(app, getNewHomeworkSummary, async ({ teacher }) => {
    const now = clock.now();
    const s = await repo.newHomeworkSummary(db, teacher.id, newSince(now), now);
    return presentNewHomeworkSummary(selfPracticeLimits.newHomeworkDays, s);
  });

  route(app, getNewHomeworkList, async ({ input, teacher }) => {
    const now = clock.now();
    const page = await repo.newHomeworkPage(db, teacher.id, newSince(now), now, input);
    return presentNewHomeworkPage(page, input);
  });
}
