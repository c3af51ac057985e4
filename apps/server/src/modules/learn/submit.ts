import {
  ErrorCode,
  learnLimits,
  learnMessages,
  type EvaluationCategory,
  type EvaluationWordData,
} from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { ActingStudent } from '../../lib/acting.js';
import type { ServerEvents } from '../../lib/events.js';
import { insertAttempt, recordTopicProgress, selfPracticeStats, type NewAnswer } from './attempt-repository.js';
import { recordHomeworkSubmission } from '../submissions/index.js';
import { categoryOf, referenceKey, resourceMaterial, topicMaterial, type Material } from './content.js';
import { assertBeforeDeadline, assertStarted, requireStudentTopic } from './policy.js';
import { lockResults, markResultsUsed } from './result-repository.js';

/**
 * Submissions (docs/learn.md "Submitting"): every item of the topic answered exactly once; a
 * spoken item names the sid of an evaluation result the socket stored for this child, of this
 * item's text and category, unused and younger than learnLimits.sidTtlHours; a choice item
 * gives the chosen index and is marked here. Scores, words, markup, durations and recordings
 * are copied from the stored results only. One transaction: a refusal writes nothing.
 */
type Student = Pick<ActingStudent, 'id' | 'teacherId'>;

export interface SubmittedAnswer {
  question_id: number;
  sid?: string;
  answer?: string;
}

export interface MarkedItem {
  questionId: number;
  score: number;
  correct: boolean | null;
  correctAnswer: number | null;
  words: EvaluationWordData[] | null;
  evaluateHtml: string | null;
  accuracy: number | null;
  fluency: number | null;
  integrity: number | null;
}

export interface SubmitResult {
  attemptId: number;
  score: number;
  accuracy: number | null;
  fluency: number | null;
  integrity: number | null;
  practiceCount: number;
  bestScore: number;
  homeworkDone: boolean | null;
  items: MarkedItem[];
}

const bad = (message: string) => AppError.badRequest(message);
const refuse = (code: ErrorCode, message: string) => new AppError(code, message);
const sidUsed = () => refuse(ErrorCode.SID_USED, learnMessages.sidUsed);

/** The right choice of a choice item (its first choice marked correct), or null. */
export const correctIndexOf = (item: Material['items'][number]) => item.answers?.find((a) => a.correct)?.index ?? null;

/** Text the child reads for an item: the item's own text (an article's one item is its whole text). */
const spokenText = (item: Material['items'][number]) => item.screen_text;

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Check the answers against the material and the stored results, mark, and write the attempt. */
async function submit(
  tx: DbOrTx,
  student: Student,
  material: Material,
  answers: SubmittedAnswer[],
  now: Date,
  where: { homeworkId: number | null; topicId: number | null },
) {
  const items = new Map(material.items.map((it) => [it.index, it]));
  const given = new Map<number, SubmittedAnswer>();
  for (const a of answers) {
    if (!items.has(a.question_id) || given.has(a.question_id)) throw bad(learnMessages.unknownQuestion);
    given.set(a.question_id, a);
  }
  if (given.size !== items.size) throw bad(learnMessages.answerMissing);

  const category = categoryOf(material.storedType);
  const spoken: { item: Material['items'][number]; sid: string; category: EvaluationCategory }[] = [];
  for (const item of material.items) {
    const a = given.get(item.index)!;
    if (category) {
      if (!a.sid) throw bad(learnMessages.answerMissing);
      spoken.push({ item, sid: a.sid, category });
    } else {
      const choice = a.answer?.trim() ?? '';
      if (!/^\d{1,4}$/.test(choice) || !item.answers?.some((c) => c.index === Number(choice)))
        throw bad(learnMessages.answerMissing);
    }
  }

  const sids = spoken.map((s) => s.sid);
  if (new Set(sids).size !== sids.length) throw sidUsed();
  const stored = await lockResults(tx, sids);
  const oldest = now.getTime() - learnLimits.sidTtlHours * 3_600_000;
  for (const s of spoken) {
    const r = stored.get(s.sid);
    if (!r || r.studentId !== student.id || r.createdAt.getTime() < oldest)
      throw refuse(ErrorCode.SID_INVALID, learnMessages.sidInvalid);
    if (r.usedAt) throw sidUsed();
    if (r.category !== s.category || referenceKey(r.text) !== referenceKey(spokenText(s.item)))
      throw refuse(ErrorCode.SID_MISMATCH, learnMessages.sidMismatch);
  }
  if ((await markResultsUsed(tx, sids, now)) !== sids.length) throw sidUsed();

  const marked: MarkedItem[] = [];
  const rows: NewAnswer[] = [];
  let correctCount = 0;
  let durationMs = 0;
  for (const item of material.items) {
    const a = given.get(item.index)!;
    if (category) {
      const r = stored.get(a.sid!)!;
      durationMs += r.durationMs;
      marked.push({
        questionId: item.index,
        score: r.totalScore,
        correct: null,
        correctAnswer: null,
        words: r.result.words,
        evaluateHtml: r.result.evaluate_html,
        accuracy: r.accuracyScore,
        fluency: r.fluencyScore,
        integrity: r.integrityScore,
      });
      rows.push({
        questionId: item.index,
        sid: r.sid,
        score: r.totalScore,
        accuracyScore: r.accuracyScore,
        fluencyScore: r.fluencyScore,
        integrityScore: r.integrityScore,
        evaluateHtml: r.result.evaluate_html,
        words: r.result.words,
        durationMs: r.durationMs,
        audioKey: r.audioKey,
        audioType: r.audioType,
      });
    } else {
      const chosen = Number(a.answer!.trim());
      const right = correctIndexOf(item);
      const correct = chosen === right;
      if (correct) correctCount++;
      marked.push({
        questionId: item.index,
        score: correct ? 100 : 0,
        correct,
        correctAnswer: right,
        words: null,
        evaluateHtml: null,
        accuracy: null,
        fluency: null,
        integrity: null,
      });
      rows.push({ questionId: item.index, answer: String(chosen), correct, score: correct ? 100 : 0 });
    }
  }

  const score = round1(mean(marked.map((m) => m.score)) ?? 0);
  const spokenOnly = marked.filter((m) => m.accuracy !== null);
  const avg = (pick: (m: MarkedItem) => number | null) => {
    const v = mean(spokenOnly.map((m) => pick(m)!));
    return v === null ? null : round1(v);
  };
  const accuracy = avg((m) => m.accuracy);
  const fluency = avg((m) => m.fluency);
  const integrity = avg((m) => m.integrity);
  const attempt = await insertAttempt(
    tx,
    {
      studentId: student.id,
      teacherId: student.teacherId,
      homeworkId: where.homeworkId,
      topicId: where.topicId,
      resourceId: material.resourceId,
      type: material.storedType,
      score,
      accuracyScore: accuracy,
      fluencyScore: fluency,
      integrityScore: integrity,
      correctCount: category ? null : correctCount,
      choiceCount: category ? null : marked.length,
      questionCount: marked.length,
      durationMs,
      createdAt: now,
    },
    rows,
    sidUsed,
  );
  return { attempt, marked, score, accuracy, fluency, integrity, durationMs };
}

export interface TopicSubmission {
  homework_id: number;
  topic_id: number;
  answers: SubmittedAnswer[];
}

/**
 * What a submission needs besides the transaction: the time, and the events it tells (a homework
 * done for the first time: modules/notices writes the teacher's notice, wired in app.ts).
 */
export interface SubmitDeps {
  clock?: Clock;
  events: Pick<ServerEvents, 'homeworkSubmitted'>;
}

/**
 * Submit a homework topic as the child (the call, and the demo seed). Run it inside a
 * transaction: it locks the child's recipient row so their submissions of one homework queue.
 */
export async function submitTopicAs(
  tx: DbOrTx,
  student: Student,
  input: TopicSubmission,
  deps: SubmitDeps,
): Promise<SubmitResult> {
  const now = (deps.clock ?? systemClock).now();
  const { homework, topic } = await requireStudentTopic(tx, student, input.homework_id, input.topic_id, { lock: true });
  assertStarted(homework, now);
  assertBeforeDeadline(homework, now);
  const material = await topicMaterial(tx, student.teacherId, topic);
  const done = await submit(tx, student, material, input.answers, now, { homeworkId: homework.id, topicId: topic.id });
  const progress = await recordTopicProgress(
    tx,
    {
      topicId: topic.id,
      studentId: student.id,
      homeworkId: homework.id,
      attemptId: done.attempt.id,
      score: done.score,
      durationMs: done.durationMs,
    },
    now,
  );
  const marked = await recordHomeworkSubmission(tx, {
    homeworkId: homework.id,
    studentId: student.id,
    requiredTimes: homework.requiredTimes,
    at: now,
  });
  // The teacher hears of it (homework notices) once the child has submitted every topic, in this
  // transaction: the listeners run in `tx`.
  if (marked.firstSubmitted)
    await deps.events.homeworkSubmitted.emit(tx, { homeworkId: homework.id, studentId: student.id, at: now });
  const homeworkDone = marked.done;
  return {
    attemptId: done.attempt.id,
    score: done.score,
    accuracy: done.accuracy,
    fluency: done.fluency,
    integrity: done.integrity,
    practiceCount: progress.practiceCount,
    bestScore: progress.bestScore,
    homeworkDone,
    items: done.marked,
  };
}

export interface SelfPracticeSubmission {
  resource_id: number;
  answers: SubmittedAnswer[];
}

/** Submit a self-practice of a library resource the child's teacher may see (no deadline). */
export async function submitSelfPracticeAs(
  tx: DbOrTx,
  student: Student,
  input: SelfPracticeSubmission,
  clock: Clock = systemClock,
): Promise<SubmitResult> {
  const now = clock.now();
  const material = await resourceMaterial(tx, student.teacherId, input.resource_id);
  const done = await submit(tx, student, material, input.answers, now, { homeworkId: null, topicId: null });
  const stats = await selfPracticeStats(tx, student.id, input.resource_id);
  return {
    attemptId: done.attempt.id,
    score: done.score,
    accuracy: done.accuracy,
    fluency: done.fluency,
    integrity: done.integrity,
    practiceCount: stats.practiceCount,
    bestScore: stats.bestScore ?? done.score,
    homeworkDone: null,
    items: done.marked,
  };
}
