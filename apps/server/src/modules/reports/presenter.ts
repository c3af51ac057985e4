import type { ClassReport, StudentReport } from '@ondoku/contract';
import type { RankingPeriodRange } from '../rankings/index.js';
import type { ClassReportData, StudentReportData } from './service.js';

/** The reports' replies (docs/rankings.md, "Reports"): every field named. */
const iso = (d: string | Date) => new Date(d).toISOString();
const periodOf = (p: RankingPeriodRange) => ({
  label: p.ref.period === 'term' ? '今学期' : '期間指定',
  start_date: p.ref.start_date,
  end_date: p.ref.end_date,
});
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

export const presentStudentReport = (
  student: { loginId: string; name: string; number: string | null; gradeName: string; kumi: string },
  period: RankingPeriodRange,
  d: StudentReportData,
  recordingUrl: (key: string) => string | null,
): StudentReport => ({
  student: {
    student_id: student.loginId,
    name: student.name,
    number: student.number,
    grade_name: student.gradeName,
    class_name: student.kumi,
    teams: d.classes.map((c) => ({ team_id: c.id, name: c.name })),
  },
  period: periodOf(period),
  homework: {
    assigned: d.homework.assigned,
    submitted: d.homework.submitted,
    rate: rate(d.homework.submitted, d.homework.assigned),
  },
  totals: {
    submissions: d.figures?.metrics.submissions ?? 0,
    duration_ms: d.figures?.metrics.durationMs ?? 0,
    average_score: d.figures?.metrics.averageBest ?? null,
    points: d.figures?.integral.points ?? 0,
    longest_streak: d.figures?.integral.longestStreak ?? 0,
  },
  scores_over_time: d.weeks.map((w) => ({ week: w.week, average_score: w.average, submissions: w.submissions })),
  best_recordings: d.best.map((b) => ({
    attempt_id: b.id,
    title: b.title,
    type: b.type,
    score: b.score,
    created_at: iso(b.createdAt),
    recording_url: b.audioKey ? recordingUrl(b.audioKey) : null,
  })),
  words_mastered: d.mastered.map((w) => ({ word: w.word, average_score: w.average, count: w.count })),
  words_missed: d.missed.map((w) => ({ word: w.word, miss_count: w.misses, count: w.count })),
  teacher_comment: d.comment && {
    body: d.comment.body,
    motivation_ids: d.comment.motivationIds ?? [],
    created_at: iso(d.comment.createdAt),
  },
});

export const presentClassReport = (
  cls: { id: number; name: string },
  period: RankingPeriodRange,
  d: ClassReportData,
): ClassReport => ({
  team: { team_id: cls.id, name: cls.name },
  period: periodOf(period),
  participation: {
    student_count: d.metrics.length,
    active_count: d.active,
    rate: rate(d.active, d.metrics.length),
    weekly: d.weeks.map((w) => ({ week: w.week, active_count: w.active })),
  },
  score_distribution: d.distribution,
  hardest_words: d.hardest.map((w) => ({ word: w.word, miss_count: w.misses, student_count: w.missedBy })),
  most_improved: d.improved.map((h) => ({
    student_id: h.m.loginId,
    name: h.m.name,
    first_average: h.first,
    last_average: h.last,
    delta: h.delta,
  })),
  students: d.metrics.map(({ m, points }) => ({
    student_id: m.loginId,
    name: m.name,
    number: m.number,
    submissions: m.submissions,
    average_score: m.averageBest,
    homework_done: m.homeworkDone,
    points,
  })),
});
