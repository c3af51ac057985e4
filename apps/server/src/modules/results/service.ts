import { resultsMessages, scoreBuckets, type CallOutput, type getStudentHomeworkTopicDetails } from '@ondoku/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findVisibleResource, presentResourceDetail } from '../library/index.js';
import { requireOwnAttempt } from './policy.js';
import {
  presentAnswer,
  presentStudent,
  presentTopic,
  presentTopicOverview,
  score1,
  score1OrNull,
  iso,
} from './presenter.js';
import * as repo from './repository.js';
import { countWrongWords, newTally, rankWords } from './hardest-words.js';
import { correctedScore, totalOf, withCorrection, type CorrectableType } from './scoring.js';

type Acting = Pick<ActingTeacher, 'id'>;

/**
 * Where a recording can be fetched, for the reader of one request: a signed, expiring URL bound
 * to that teacher's session (docs/security.md, "Recordings"). Without one, answers carry no URL
 * (recordings are personal data: never a public /media URL) and say only whether one exists.
 */
export type RecordingUrl = (audioKey: string) => string | null;
/** Signs recording URLs for a reader: app.ts makes it from the evaluation module. */
export type SignRecording = (audioKey: string, reader: { tokenId: number }) => string | null;
export const noRecordingUrl: RecordingUrl = () => null;
export const noSignRecording: SignRecording = () => null;
/** The URLs of one request's reader. */
export const recordingUrlsFor =
  (sign: SignRecording, reader: { tokenId: number }): RecordingUrl =>
  (audioKey) =>
    sign(audioKey, reader);

/** The bucket of a score: 0–9 → 0, …, 90–100 → 9. */
export const bucketOf = (score: number) => Math.min(scoreBuckets - 1, Math.max(0, Math.floor(score / 10)));

/**
 * A child's homework score: the mean of their best scores over all the homework's topics, a topic
 * not submitted counting 0 (docs/results.md). Children without any submission have none.
 */
export function homeworkScoresOf(sums: number[], topicCount: number) {
  const scores = sums.map((s) => s / Math.max(1, topicCount));
  const distribution = Array.from({ length: scoreBuckets }, () => 0);
  for (const s of scores) distribution[bucketOf(s)]! += 1;
  const average = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  return { average: score1OrNull(average), distribution };
}

export async function topicOverview(db: DbOrTx, homeworkId: number, topicId: number) {
  const topic = await repo.findTopic(db, homeworkId, topicId);
  if (!topic) throw AppError.notFound();
  const [stats, recipients] = await Promise.all([
    repo.topicStats(db, { topicId }),
    repo.recipientCount(db, homeworkId),
  ]);
  return { topic, row: presentTopicOverview(topic, stats.get(topicId), recipients) };
}

/** A topic's resource in the preview shape, as the teacher may see it (null for a word list or a deleted resource). */
export async function topicResource(db: DbOrTx, teacher: Acting, topic: repo.TopicRecord) {
  const resource = topic.resourceId === null ? null : await findVisibleResource(db, teacher.id, topic.resourceId);
  return resource ? presentResourceDetail(resource) : null;
}

type Detail = ReturnType<typeof presentResourceDetail>;

/** The items of a resource by question id: text, model audio, choices (an article read whole is item 0). */
function itemsOf(detail: Detail | null) {
  const items = new Map<number, { text: string; audio: string | null; choices: Detail['items'][number]['answers'] }>();
  if (detail?.type === 'article_reading')
    items.set(0, {
      text: detail.full_text?.screen_text ?? detail.title,
      audio: detail.full_text?.audio_file ?? null,
      choices: undefined,
    });
  else
    for (const item of detail?.items ?? [])
      items.set(item.index, { text: item.screen_text, audio: item.audio_file, choices: item.answers });
  return items;
}

type BestAnswer = repo.AnswerRecord & { studentId: number };

/**
 * Per item of one topic, from the children's best submissions: answers, average, % correct for
 * choices, the children who chose each choice, the hardest words. The one computation behind the
 * question overview and the commentary.
 */
function summarizeItems(answers: BestAnswer[], detail: Detail | null, perItem: number) {
  const items = itemsOf(detail);
  const byQuestion = new Map<number, BestAnswer[]>();
  for (const a of answers) byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);
  const questionIds = [...new Set([...items.keys(), ...byQuestion.keys()])].sort((a, b) => a - b);
  return questionIds.map((q) => {
    const list = byQuestion.get(q) ?? [];
    const choices = list.filter((a) => a.correct !== null);
    const words = newTally();
    for (const a of list) countWrongWords(words, a);
    const chosen = new Map<number, number>();
    for (const a of choices)
      if (!a.correct && a.answer !== null && /^\d+$/.test(a.answer))
        chosen.set(Number(a.answer), (chosen.get(Number(a.answer)) ?? 0) + 1);
    const item = items.get(q);
    return {
      question_id: q,
      screen_text: item?.text ?? '',
      audio_file: item?.audio ?? null,
      choices: item?.choices ?? [],
      answer_count: list.length,
      average_score: list.length ? score1(list.reduce((s, a) => s + a.score, 0) / list.length) : null,
      correct_rate: choices.length ? score1((100 * choices.filter((a) => a.correct).length) / choices.length) : null,
      /** Wrong choices: choice index → children who chose it. */
      wrong_chosen: chosen,
      hardest_words: rankWords(words, perItem),
    };
  });
}

/** Per question of a topic, from the best submissions' answers (topic_progress → answers by key). */
export async function questionOverview(
  db: DbOrTx,
  teacher: Acting,
  topic: repo.TopicRecord,
  limits: { perItem: number; perTopic: number },
) {
  const [answers, detail] = await Promise.all([repo.bestAnswers(db, topic.id), topicResource(db, teacher, topic)]);
  const topicWords = newTally();
  for (const a of answers) countWrongWords(topicWords, a);
  const rows = summarizeItems(answers, detail, limits.perItem).map((r) => ({
    question_id: r.question_id,
    screen_text: r.screen_text,
    answer_count: r.answer_count,
    average_score: r.average_score,
    correct_rate: r.correct_rate,
    hardest_words: r.hardest_words,
  }));
  return { rows, hardest_words: rankWords(topicWords, limits.perTopic) };
}

/**
 * The commentary of a homework (docs/results.md "Commentary"): from every child's best
 * submission of every topic (teacher corrections applied), the hardest words across the homework
 * (a child counts once per word), the items with the lowest class average, and the choice items
 * whose wrong answers were chosen most.
 */
export async function commentary(
  db: DbOrTx,
  teacher: Acting,
  homeworkId: number,
  limits: { words: number; items: number; choiceItems: number; choicesPerItem: number },
) {
  const [topics, answers] = await Promise.all([
    repo.topicsOf(db, homeworkId),
    repo.bestAnswersOfHomework(db, homeworkId),
  ]);
  const details = await Promise.all(topics.map((t) => topicResource(db, teacher, t)));
  const words = newTally();
  for (const a of answers) countWrongWords(words, a);
  const items = topics.flatMap((topic, i) =>
    summarizeItems(
      answers.filter((a) => a.topicId === topic.id),
      details[i] ?? null,
      0,
    ).map((r) => ({ topic, ...r })),
  );
  const ref = (r: (typeof items)[number]) => ({
    topic_id: r.topic.id,
    position: r.topic.position,
    topic_title: r.topic.title,
    question_id: r.question_id,
    screen_text: r.screen_text,
  });
  const inOrder = (a: (typeof items)[number], b: (typeof items)[number]) =>
    a.topic.position - b.topic.position || a.question_id - b.question_id;
  const hardestItems = items
    .filter((r) => r.average_score !== null)
    .sort((a, b) => a.average_score! - b.average_score! || inOrder(a, b))
    .slice(0, limits.items)
    .map((r) => ({
      ...ref(r),
      audio_file: r.audio_file,
      answer_count: r.answer_count,
      average_score: r.average_score!,
      correct_rate: r.correct_rate,
    }));
  const wrongChoices = items
    .filter((r) => r.wrong_chosen.size > 0)
    .map((r) => ({
      r,
      choices: [...r.wrong_chosen.entries()]
        .map(([index, n]) => ({
          index,
          content: r.choices?.find((c) => c.index === index)?.content ?? `選択肢${index + 1}`,
          student_count: n,
        }))
        .sort((a, b) => b.student_count - a.student_count || a.index - b.index),
    }))
    .sort((a, b) => b.choices[0]!.student_count - a.choices[0]!.student_count || inOrder(a.r, b.r))
    .slice(0, limits.choiceItems)
    .map(({ r, choices }) => ({
      ...ref(r),
      answer_count: r.answer_count,
      correct_content: r.choices?.find((c) => c.correct)?.content ?? null,
      choices: choices.slice(0, limits.choicesPerItem),
    }));
  return {
    answered_count: new Set(answers.map((a) => a.studentId)).size,
    hardest_words: rankWords(words, limits.words),
    hardest_items: hardestItems,
    wrong_choices: wrongChoices,
  };
}

/** One topic of a homework per recipient: the topic's figures and each child's progress. */
export async function topicAnswerOverview(db: DbOrTx, homeworkId: number, topicId: number) {
  const { topic, row } = await topicOverview(db, homeworkId, topicId);
  const students = await repo.topicStudents(db, homeworkId, topic.id);
  return {
    topic: row,
    rows: students.map((s) => ({
      ...presentStudent(s),
      practice_count: s.practiceCount ?? 0,
      best_score: score1OrNull(s.bestScore),
      last_score: score1OrNull(s.lastScore),
      last_at: s.lastAt ? iso(s.lastAt) : null,
      duration_ms: s.durationMs ?? 0,
    })),
  };
}

/** Every topic of a homework in order with its figures (submissions, class averages, distribution). */
export async function topicList(db: Db, homeworkId: number, recipients: number) {
  const topics = await repo.topicsWithStats(db, homeworkId);
  return topics.map(({ stats, ...t }) => presentTopicOverview(t, stats, recipients));
}

type Paper = CallOutput<typeof getStudentHomeworkTopicDetails>;

/** One child's answer paper: the resource's preview merged with the chosen (default best) submission. */
export async function answerPaper(
  db: DbOrTx,
  teacher: Acting,
  homeworkId: number,
  q: { topicId: number; loginId: string; attemptId?: number },
  recordingUrl: RecordingUrl,
): Promise<Paper> {
  const [topic, student] = await Promise.all([
    repo.findTopic(db, homeworkId, q.topicId),
    repo.findRecipient(db, homeworkId, q.loginId),
  ]);
  if (!topic || !student) throw AppError.notFound();
  const [progress, attempts, averages, resource] = await Promise.all([
    repo.findProgress(db, topic.id, student.id),
    repo.attemptsOf(db, topic.id, student.id),
    repo.itemAverages(db, topic.id),
    topicResource(db, teacher, topic),
  ]);
  const chosenId = q.attemptId ?? progress?.bestAttemptId ?? null;
  const attempt = chosenId === null ? null : (attempts.find((a) => a.id === chosenId) ?? null);
  if (q.attemptId !== undefined && !attempt) throw AppError.notFound();
  const answers = attempt ? await repo.answersOf(db, attempt.id) : [];
  const averageList: Paper['averages'] = [];
  for (const a of averages) {
    while (averageList.length < a.questionId) averageList.push(null);
    averageList[a.questionId] = { score: score1(a.average) };
  }
  return {
    student: presentStudent(student),
    topic: presentTopic(topic),
    practice_count: progress?.practiceCount ?? 0,
    best_score: score1OrNull(progress?.bestScore),
    attempts: attempts.map((a) => ({ attempt_id: a.id, score: score1(a.score), created_at: iso(a.createdAt) })),
    attempt: attempt && {
      attempt_id: attempt.id,
      score: score1(attempt.score),
      accuracy_score: score1OrNull(attempt.accuracyScore),
      fluency_score: score1OrNull(attempt.fluencyScore),
      integrity_score: score1OrNull(attempt.integrityScore),
      created_at: iso(attempt.createdAt),
    },
    detail: resource,
    answers: answers.map((a) => presentAnswer(a, a.audioKey ? recordingUrl(a.audioKey) : null)),
    averages: averageList,
  };
}

/**
 * A teacher corrects a word's judgement (docs/results.md "Correcting a word"), in one
 * transaction: the child's progress row is locked first (a submission of the same child and
 * topic waits), then the answer; the answer's score, the submission's score (mean of its items)
 * and the progress' best and last scores are recomputed from the stored values.
 */
export async function correctWord(
  tx: DbOrTx,
  teacher: Acting,
  input: { attemptId: number; questionId: number; wordIndex: number; type: CorrectableType },
  now: Date,
  recordingUrl: RecordingUrl,
) {
  const attempt = await requireOwnAttempt(tx, teacher, input.attemptId);
  await repo.findProgress(tx, attempt.topicId, attempt.studentId, { lock: true });
  const answer = await repo.lockAnswer(tx, attempt.id, input.questionId);
  if (!answer) throw AppError.notFound();
  const word = answer.words?.[input.wordIndex];
  if (!answer.words || !word) throw AppError.badRequest(resultsMessages.wordIndexWrong);
  if (word.type !== 'normal' && word.type !== 'mispronounced')
    throw AppError.badRequest(resultsMessages.wordNotCorrectable);
  if (answer.accuracyScore === null) throw AppError.badRequest(resultsMessages.wordNotCorrectable);

  const corrections = withCorrection(answer.words, answer.corrections, {
    index: input.wordIndex,
    type: input.type,
    teacherId: teacher.id,
    at: now,
  });
  const fluency = answer.fluencyScore ?? 0;
  const integrity = answer.integrityScore ?? 0;
  const evaluatorTotal = answer.evaluatorTotal ?? Math.round(totalOf(answer.accuracyScore, fluency, integrity));
  const score = correctedScore(
    { total: evaluatorTotal, accuracy: answer.accuracyScore, fluency, integrity },
    answer.words,
    corrections,
  );
  await repo.saveAnswerCorrection(tx, { attemptId: attempt.id, questionId: input.questionId }, score, corrections);
  const attemptScore = await repo.recomputeAttemptScore(tx, attempt.id);
  const progress = await repo.recomputeProgress(tx, attempt.topicId, attempt.studentId);
  return {
    answer: presentAnswer({ ...answer, score, corrections }, answer.audioKey ? recordingUrl(answer.audioKey) : null),
    attempt_score: score1(attemptScore),
    best_score: score1(progress?.bestScore ?? attemptScore),
    best_attempt_id: progress?.bestAttemptId ?? null,
  };
}
