import type { HomeworkState } from '@ondoku/contract';
import type { StudentHomework, StudentRecord, TopicWithProgress } from './repository.js';
import type { PeriodRange } from './periods.js';

/** Scores leave the server with one decimal (as the results calls). */
export const score1 = (x: number) => Math.round(x * 10) / 10;
export const score1OrNull = (x: number | null | undefined) => (x === null || x === undefined ? null : score1(x));
export const iso = (d: Date | string) => new Date(d).toISOString();
export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export const presentStudent = (s: StudentRecord) => ({
  student_id: s.loginId,
  name: s.name,
  furigana: s.furigana,
  number: s.number,
  grade_name: s.gradeName,
  class_name: s.kumi,
});

export const presentPeriod = (p: PeriodRange) => ({
  value: p.value,
  label: p.label,
  name: p.name,
  from: iso(p.from),
  to: iso(p.to),
});

export const presentPlainTopic = (t: TopicWithProgress) => ({
  topic_id: t.id,
  position: t.position,
  resource_id: t.resourceId,
  title: t.title,
  type: t.type as never,
  item_count: t.itemCount,
});

export const presentTopic = (t: TopicWithProgress) => ({
  ...presentPlainTopic(t),
  practice_count: t.practiceCount ?? 0,
  best_score: score1OrNull(t.bestScore),
  last_score: score1OrNull(t.lastScore),
  last_at: t.lastAt ? iso(t.lastAt) : null,
});

/** The homework's state at `now`, as the homework list computes it (docs/homework.md). */
export function stateOf(h: StudentHomework, now: Date): HomeworkState {
  if (h.startTime > now) return 'scheduled';
  if ((h.reissueEndTime ?? h.endTime) > now) return 'open';
  return h.submittedCount < h.assignedCount ? 'overdue' : 'finished';
}

/** A child's homework score: the mean of their best scores over every topic, a topic not submitted counting 0. */
export function homeworkScore(topics: TopicWithProgress[]) {
  if (!topics.some((t) => t.bestScore !== null)) return null;
  return topics.reduce((a, t) => a + (t.bestScore ?? 0), 0) / topics.length;
}

export const presentHomeworkRow = (h: StudentHomework, topics: TopicWithProgress[], now: Date) => ({
  homework_id: h.id,
  title: h.title,
  type: h.type,
  team: h.classId !== null && h.className !== null ? { team_id: h.classId, name: h.className } : null,
  state: stateOf(h, now),
  start_time: iso(h.startTime),
  end_time: iso(h.endTime),
  status: h.status,
  submitted_at: h.submittedAt ? iso(h.submittedAt) : null,
  score: score1OrNull(homeworkScore(topics)),
  topics: topics.map(presentTopic),
});
