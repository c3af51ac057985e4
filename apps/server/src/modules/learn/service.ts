import type { ExerciseType, LearnHomeworkState } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingStudent } from '../../lib/acting.js';
import { classesOfStudents } from '../students/index.js';
import { findOwnAttempt, pageOwnAttempts, selfPracticeStats, selfPracticeStatsOf } from './attempt-repository.js';
import { resourceMaterial, topicMaterial, type Material } from './content.js';
import { listStudentHomework, progressOf, topicsOf } from './homework-repository.js';
import { assertStarted, requireStudentTopic } from './policy.js';
import {
  studentState,
  presentContent,
  presentHistoryRow,
  presentHomeworkRow,
  presentLearnStudent,
  presentSubmitReply,
} from './presenter.js';
import { pageSelfPracticeResources } from './self-practice-repository.js';
import { unsafeFindStudentById, type LearnStudentRecord } from './student-repository.js';
import { correctIndexOf } from './submit.js';

/** The reads of the students' side; each takes the child from the token. */
type Student = Pick<ActingStudent, 'id' | 'teacherId'>;

export async function classesOfStudent(db: DbOrTx, s: Pick<LearnStudentRecord, 'id' | 'teacherId'>) {
  return (await classesOfStudents(db, s.teacherId, [s.id])).get(s.id) ?? [];
}

export async function studentInfo(db: DbOrTx, student: Student) {
  const row = await unsafeFindStudentById(db, student.id);
  if (!row) throw AppError.unauthorized();
  return presentLearnStudent(row, await classesOfStudent(db, row));
}

const stateOrder: Record<LearnHomeworkState, number> = { open: 0, done: 1, overdue: 2 };

/** Open first (nearest deadline first), then done and overdue (latest deadline first). */
export async function homeworkList(db: DbOrTx, student: Student, now: Date, state?: LearnHomeworkState) {
  const all = (await listStudentHomework(db, student, now)).filter((h) => !state || studentState(h, now) === state);
  all.sort((a, b) => {
    const sa = studentState(a, now);
    const sb = studentState(b, now);
    if (sa !== sb) return stateOrder[sa] - stateOrder[sb];
    const d = a.deadline.getTime() - b.deadline.getTime();
    return (sa === 'open' ? d : -d) || b.id - a.id;
  });
  const ids = all.map((h) => h.id);
  const [topics, progress] = await Promise.all([topicsOf(db, ids), progressOf(db, student.id, ids)]);
  const byHomework = new Map<number, typeof topics>();
  for (const t of topics) byHomework.set(t.homeworkId, [...(byHomework.get(t.homeworkId) ?? []), t]);
  return { rows: all.map((h) => presentHomeworkRow(h, byHomework.get(h.id) ?? [], progress, now)) };
}

export async function topicContent(db: DbOrTx, student: Student, homeworkId: number, topicId: number, now: Date) {
  const { homework, topic } = await requireStudentTopic(db, student, homeworkId, topicId);
  assertStarted(homework, now);
  const material = await topicMaterial(db, student.teacherId, topic);
  const p = (await progressOf(db, student.id, [homework.id])).get(topic.id);
  return {
    ...presentContent(material, { practiceCount: p?.practiceCount ?? 0, bestScore: p?.bestScore ?? null }),
    homework_id: homework.id,
    topic_id: topic.id,
    required_times: homework.requiredTimes,
    end_time: homework.deadline.toISOString(),
  };
}

/** The marking of a stored attempt, as it was replied when submitted. */
function markedItems(material: Material, answers: NonNullable<Awaited<ReturnType<typeof findOwnAttempt>>>['answers']) {
  const items = new Map(material.items.map((it) => [it.index, it]));
  return answers.map((a) => {
    const item = items.get(a.questionId);
    return {
      questionId: a.questionId,
      score: a.score,
      correct: a.correct,
      correctAnswer: a.correct === null || !item ? null : correctIndexOf(item),
      words: a.words,
      evaluateHtml: a.evaluateHtml,
      accuracy: a.accuracyScore,
      fluency: a.fluencyScore,
      integrity: a.integrityScore,
    };
  });
}

export async function topicResult(db: DbOrTx, student: Student, homeworkId: number, topicId: number) {
  const { homework, topic } = await requireStudentTopic(db, student, homeworkId, topicId);
  const p = (await progressOf(db, student.id, [homework.id])).get(topic.id);
  const best = p?.bestAttemptId ? await findOwnAttempt(db, student.id, p.bestAttemptId) : undefined;
  if (!p || !best) return { result: null };
  const material = await topicMaterial(db, student.teacherId, topic);
  const a = best.attempt;
  return {
    result: presentSubmitReply({
      attemptId: a.id,
      score: a.score,
      accuracy: a.accuracyScore,
      fluency: a.fluencyScore,
      integrity: a.integrityScore,
      practiceCount: p.practiceCount,
      bestScore: p.bestScore,
      homeworkDone: homework.doneAt !== null,
      items: markedItems(material, best.answers),
    }),
  };
}

export async function practiceHistory(db: DbOrTx, student: Student, page: number, limit: number) {
  const r = await pageOwnAttempts(db, student.id, page, limit);
  return { rows: r.rows.map(presentHistoryRow), total: r.total, page, limit };
}

export async function selfPracticeList(
  db: DbOrTx,
  student: Student,
  q: { page: number; limit: number; type?: ExerciseType },
) {
  const r = await pageSelfPracticeResources(db, student.teacherId, q);
  const stats = await selfPracticeStatsOf(
    db,
    student.id,
    r.rows.map((row) => row.id),
  );
  return {
    rows: r.rows.map((row) => ({
      resource_id: row.id,
      title: row.title,
      type: row.type as ExerciseType,
      grade: row.grade,
      origin_type: row.originType,
      item_count: row.itemCount,
      pack_code: row.packCode,
      practice_count: stats.get(row.id)?.practiceCount ?? 0,
      best_score: stats.get(row.id)?.bestScore ?? null,
    })),
    total: r.total,
    page: q.page,
    limit: q.limit,
  };
}

export async function selfPracticeContent(db: DbOrTx, student: Student, resourceId: number) {
  const material = await resourceMaterial(db, student.teacherId, resourceId);
  const stats = await selfPracticeStats(db, student.id, resourceId);
  return { ...presentContent(material, stats), resource_id: resourceId };
}
