import type { ExerciseType, PracticeTotals } from '@ondoku/contract';
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
