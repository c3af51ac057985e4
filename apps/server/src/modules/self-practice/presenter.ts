import type { ExerciseType, PracticeTotals } from '@ondoku/contract';
import type { requireVisibleResource } from '../library/policy.js';
import type { DateRange } from './period.js';
import type * as repo from './repository.js';
import type { StudentRecord, TotalsRecord } from './repository.js';

/** Scores leave the server with one decimal; dates as ISO instants. */
export const score1 = (x: number) => Math.round(x * 10) / 10;
export const score1OrNull = (x: number | null | undefined) => (x === null || x === undefined ? null : score1(x));
export const iso = (d: Date) => d.toISOString();
/** A share in %, one decimal; null when there is nothing to share. */
export const rate = (part: number, whole: number) => (whole > 0 ? score1((100 * part) / whole) : null);

export const presentTotals = (t: TotalsRecord, studentCount: number): PracticeTotals => ({
  student_count: studentCount,
  practised_student_count: t.practised,
  session_count: t.sessions,
  duration_ms: t.duration,
  average_score: score1OrNull(t.average),
  practice_days: t.days,
});

/** A month's totals of one child (no practised count). */
export const presentStudentMonth = (t: TotalsRecord) => ({
  session_count: t.sessions,
  duration_ms: t.duration,
  average_score: score1OrNull(t.average),
  practice_days: t.days,
});

export const presentMonth = (t: TotalsRecord) => ({ ...presentStudentMonth(t), practised_student_count: t.practised });

export const presentStudent = (c: StudentRecord) => ({
  student_id: c.loginId,
  name: c.name,
  furigana: c.furigana,
  number: c.number,
});

export const asType = (type: string) => type as ExerciseType;

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type Range = DateRange;
type ResourceRecord = Awaited<ReturnType<typeof requireVisibleResource>>;

/** The search filter: the teacher's classes, the exercise types and the named periods. */
export const presentSearchFilter = <P>(
  classes: { id: number; name: string }[],
  types: readonly ExerciseType[],
  labels: Record<ExerciseType, string>,
  periods: P,
) => ({
  teams: classes.map((c) => ({ team_id: c.id, name: c.name })),
  types: types.map((value) => ({ value, label: labels[value] })),
  periods,
});

/** The period's summary: totals, one row per exercise type, the most practised resources. */
export const presentExerciseSummary = <R extends Range>(
  range: R,
  totals: TotalsRecord,
  studentCount: number,
  byType: Rows<typeof repo.totalsByType>,
  top: Rows<typeof repo.topResources>,
) => ({
  ...range,
  totals: presentTotals(totals, studentCount),
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
});

/** One resource's practice in the period: its totals and one row per student who practised it. */
export function presentResourceDetails<R extends Range>(
  range: R,
  resource: ResourceRecord,
  rows: Rows<typeof repo.resourceStudents>,
) {
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
}

/** A page of one resource's attempts, each with its answers (recordings as signed URLs, or null). */
export const presentResourceLogs = (
  page: Rows<typeof repo.resourceLogs>,
  answers: Rows<typeof repo.answersOf>,
  q: { page: number; limit: number },
  recordingUrl: (audioKey: string) => string | null,
) => ({
  page: q.page,
  limit: q.limit,
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
});

/** The new-homework panel's counts over the last `days` days. */
export const presentNewHomeworkSummary = (days: number, s: Rows<typeof repo.newHomeworkSummary>) => ({
  days,
  homework_count: s.count,
  open_count: s.open,
  assigned_count: s.assigned,
  submitted_count: s.submitted,
  submission_rate: rate(s.submitted, s.assigned),
});

/** A page of the new homework, each with its submission rate. */
export const presentNewHomeworkPage = (
  page: Rows<typeof repo.newHomeworkPage>,
  q: { page: number; limit: number },
) => ({
  page: q.page,
  limit: q.limit,
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
});
