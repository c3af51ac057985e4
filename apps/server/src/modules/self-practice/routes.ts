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
import { requireVisibleResource } from '../library/policy.js';
import { requireScope, requireScopeStudent } from './policy.js';
import { namedRanges, periodOf } from './period.js';
import { asType, iso, presentStudent, presentTotals, rate, score1, score1OrNull } from './presenter.js';
import * as repo from './repository.js';
import { currentMonthSummary, currentMonthXlsx, rangeOf } from './service.js';

/** Signs a recording's storage key into an expiring URL (the evaluation module's), or null. */
export type RecordingUrl = (audioKey: string) => string | null;

/**
 * The self-practice calls of the Study survey group (docs/self-practice.md). Each asks the
 * policy first (a class or child of another teacher answers 404; a resource the teacher may not
 * see answers 404), then reads the attempts of the teacher's children in a period.
 */
export function selfPracticeRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; recordingUrl?: RecordingUrl }) {
  const { db, clock } = deps;
  const recordingUrl = deps.recordingUrl ?? (() => null);

  route(app, getExerciseSearchFilter, async ({ teacher }) => {
    const classes = await listClasses(db, teacher.id);
    return {
      teams: classes.map((c) => ({ team_id: c.id, name: c.name })),
      types: exerciseTypes.map((value) => ({ value, label: exerciseTypeLabels[value] })),
      periods: namedRanges(clock.now()),
    };
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
    return {
      ...range,
      totals: presentTotals(totals, students),
      by_type: byType.map((t) => ({
        type: asType(t.type),
        practised_student_count: t.practised,
        session_count: t.sessions,
        duration_ms: t.duration,
        average_score: score1OrNull(t.average),
        practice_days: t.days,
      })),
      top_resources: top.map((r) => ({
        resource_id: r.resourceId,
        title: r.title ?? '（削除された教材）',
        type: asType(r.type),
        student_count: r.students,
        session_count: r.sessions,
        duration_ms: r.duration,
        average_score: score1OrNull(r.average),
        best_score: score1OrNull(r.best),
        last_at: iso(r.lastAt),
      })),
    };
  });

  route(app, getResourceExerciseDetails, async ({ input, teacher }) => {
    const resource = await requireVisibleResource(db, teacher, input.resource_id);
    const scope = await requireScope(db, teacher, input.team_id);
    const range = rangeOf(clock.now(), input);
    const rows = await repo.resourceStudents(db, scope, periodOf(range), resource.id);
    const sessions = rows.reduce((a, r) => a + r.sessions, 0);
    return {
      ...range,
      resource: {
        resource_id: resource.id,
        title: resource.title,
        type: asType(resource.type),
        item_count: resource.itemCount,
      },
      totals: {
        practised_student_count: rows.length,
        session_count: sessions,
        duration_ms: rows.reduce((a, r) => a + r.duration, 0),
        average_score: sessions ? score1(rows.reduce((a, r) => a + r.average * r.sessions, 0) / sessions) : null,
        best_score: rows.length ? score1(Math.max(...rows.map((r) => r.best))) : null,
      },
      rows: rows.map((r) => ({
        ...presentStudent(r),
        session_count: r.sessions,
        duration_ms: r.duration,
        best_score: score1(r.best),
        average_score: score1(r.average),
        last_score: score1(r.last),
        last_at: iso(r.lastAt),
      })),
    };
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
    return {
      page: input.page,
      limit: input.limit,
      total: page.total,
      rows: page.rows.map((r) => ({
        ...presentStudent(r),
        attempt_id: r.attemptId,
        created_at: iso(r.createdAt),
        score: score1(r.score),
        accuracy_score: score1OrNull(r.accuracy),
        fluency_score: score1OrNull(r.fluency),
        integrity_score: score1OrNull(r.integrity),
        duration_ms: r.duration,
        answers: answers
          .filter((a) => a.attemptId === r.attemptId)
          .map((a) => ({
            question_id: a.questionId,
            score: score1(a.score),
            duration_ms: a.durationMs,
            sound_file: a.audioKey ? recordingUrl(a.audioKey) : null,
            correct: a.correct,
          })),
      })),
    };
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
    return {
      days: selfPracticeLimits.newHomeworkDays,
      homework_count: s.count,
      open_count: s.open,
      assigned_count: s.assigned,
      submitted_count: s.submitted,
      submission_rate: rate(s.submitted, s.assigned),
    };
  });

  route(app, getNewHomeworkList, async ({ input, teacher }) => {
    const now = clock.now();
    const page = await repo.newHomeworkPage(db, teacher.id, newSince(now), now, input);
    return {
      page: input.page,
      limit: input.limit,
      total: page.total,
      rows: page.rows.map((h) => ({
        homework_id: h.id,
        title: h.title,
        team: h.classId !== null && h.className !== null ? { team_id: h.classId, name: h.className } : null,
        state: h.state,
        start_time: iso(h.startTime),
        end_time: iso(h.endTime),
        assigned_count: h.assigned,
        submitted_count: h.submitted,
        submission_rate: rate(h.submitted, h.assigned),
      })),
    };
  });
}
