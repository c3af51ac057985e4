import {
  homeworkTypeLabels,
  homeworkTypes,
  studyHomeworkStatusLabels,
  studyHomeworkStatuses,
  studyPeriods,
  studySurveyLimits,
  type StudyPeriod,
} from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { correctedWords, presentAnswer, shownWord, writtenWordAt, type RecordingUrl } from '../results/index.js';
import { bucketsOf, periodRange } from './periods.js';
import {
  homeworkScore,
  iso,
  mean,
  presentStudent,
  presentHomeworkRow,
  presentPeriod,
  presentPlainTopic,
  presentTopic,
  score1,
  score1OrNull,
  stateOf,
} from './presenter.js';
import * as repo from './repository.js';

/** The study survey's computations (docs/study-survey.md); each takes a student the policy found to be the teacher's. */
type Acting = { id: number };
type Student = repo.StudentRecord;

export async function searchFilter(db: DbOrTx, teacher: Acting, studentRow: Student, at: Date) {
  const classes = await repo.classesOfStudent(db, teacher.id, studentRow.id);
  return {
    student: presentStudent(studentRow),
    teams: classes.map((c) => ({ team_id: c.id, name: c.name })),
    periods: studyPeriods.map((p) => presentPeriod(periodRange(p, at))),
    homework_types: homeworkTypes.map((value) => ({ value, label: homeworkTypeLabels[value] })),
    statuses: studyHomeworkStatuses.map((value) => ({ value, label: studyHomeworkStatusLabels[value] })),
  };
}

function groupTopics(topics: repo.TopicWithProgress[]) {
  const by = new Map<number, repo.TopicWithProgress[]>();
  for (const t of topics) by.set(t.homeworkId, [...(by.get(t.homeworkId) ?? []), t]);
  return by;
}

export async function homeworkTopicList(
  db: DbOrTx,
  teacher: Acting,
  student: Student,
  now: Date,
  q: {
    page: number;
    limit: number;
    team_id?: number;
    period?: StudyPeriod;
    at: Date;
    homework_type?: (typeof homeworkTypes)[number];
    status?: (typeof studyHomeworkStatuses)[number];
  },
) {
  const range = q.period ? periodRange(q.period, q.at) : null;
  const page = await repo.homeworkPage(
    db,
    teacher.id,
    student.id,
    now,
    { classId: q.team_id, from: range?.from, to: range?.to, type: q.homework_type, status: q.status },
    q,
  );
  const topics = groupTopics(
    await repo.topicsWithProgress(
      db,
      student.id,
      page.rows.map((h) => h.id),
    ),
  );
  return {
    rows: page.rows.map((h) => presentHomeworkRow(h, topics.get(h.id) ?? [], now)),
    total: page.total,
    page: q.page,
    limit: q.limit,
  };
}

/** The homework (the teacher's, received by the student) and its topic, or 404. */
async function studentTopic(
  db: DbOrTx,
  teacher: Acting,
  student: Student,
  homeworkId: number,
  topicId: number,
  now: Date,
) {
  const hw = await repo.findStudentHomework(db, teacher.id, student.id, homeworkId, now);
  if (!hw) throw AppError.notFound();
  const topic = (await repo.topicsWithProgress(db, student.id, [hw.id])).find((t) => t.id === topicId);
  if (!topic) throw AppError.notFound();
  return { hw, topic };
}

/** An item's text from the material: the sentence, word or question; the whole text for an article. */
function itemText(content: Awaited<ReturnType<typeof repo.resourceContentOf>>, questionId: number) {
  const item = content?.items?.find((i) => i.index === questionId);
  if (item?.screen_text) return item.screen_text;
  if (questionId === 0 && content?.full_text) return content.full_text;
  return null;
}

export async function topicDetails(
  db: DbOrTx,
  teacher: Acting,
  student: Student,
  q: { homework_id: number; topic_id: number },
  now: Date,
) {
  const { hw, topic } = await studentTopic(db, teacher, student, q.homework_id, q.topic_id, now);
  const [attempts, content, classAverage] = await Promise.all([
    repo.attemptsOfTopic(db, topic.id, student.id),
    repo.resourceContentOf(db, topic.resourceId),
    repo.topicClassAverage(db, topic.id),
  ]);
  const answers = await repo.answersOf(
    db,
    attempts.map((a) => a.id),
  );
  const questionIds = [
    ...new Set([...answers.map((a) => a.questionId), ...Array.from({ length: topic.itemCount }, (_, i) => i)]),
  ].sort((a, b) => a - b);
  return {
    student: presentStudent(student),
    homework: { homework_id: hw.id, title: hw.title },
    topic: presentTopic(topic),
    class_average: score1OrNull(classAverage),
    items: questionIds.map((id) => ({ question_id: id, text: itemText(content, id) })),
    attempts: attempts.map((a) => ({
      attempt_id: a.id,
      created_at: iso(a.createdAt),
      score: score1(a.score),
      accuracy_score: score1OrNull(a.accuracyScore),
      fluency_score: score1OrNull(a.fluencyScore),
      integrity_score: score1OrNull(a.integrityScore),
      correct_count: a.correctCount,
      choice_count: a.choiceCount,
      duration_ms: a.durationMs,
      is_best: a.id === topic.bestAttemptId,
      answers: answers
        .filter((x) => x.attemptId === a.id)
        .map((x) => ({ question_id: x.questionId, score: score1(x.score) })),
    })),
  };
}

export async function answerLogs(
  db: DbOrTx,
  teacher: Acting,
  student: Student,
  q: { homework_id: number; topic_id: number; question_id: number },
  now: Date,
  recordingUrl: RecordingUrl,
) {
  const { topic } = await studentTopic(db, teacher, student, q.homework_id, q.topic_id, now);
  const [attempts, content] = await Promise.all([
    repo.attemptsOfTopic(db, topic.id, student.id),
    repo.resourceContentOf(db, topic.resourceId),
  ]);
  const answers = new Map(
    (
      await repo.answersOf(
        db,
        attempts.map((a) => a.id),
        q.question_id,
      )
    ).map((a) => [a.attemptId, a]),
  );
  const rows = attempts.flatMap((at) => {
    const a = answers.get(at.id);
    if (!a) return [];
    return [
      {
        attempt_id: at.id,
        created_at: iso(at.createdAt),
        is_best: at.id === topic.bestAttemptId,
        ...presentAnswer(a, a.audioKey ? recordingUrl(a.audioKey) : null),
        duration_ms: a.durationMs,
      },
    ];
  });
  return {
    student: presentStudent(student),
    topic: presentPlainTopic(topic),
    item: { question_id: q.question_id, text: itemText(content, q.question_id) },
    rows,
  };
}

export async function studyReport(
  db: DbOrTx,
  teacher: Acting,
  student: Student,
  q: { period: StudyPeriod; at: Date },
  now: Date,
) {
  const range = periodRange(q.period, q.at);
  const [hws, attempts] = await Promise.all([
    repo.homeworkInPeriod(db, teacher.id, student.id, now, range.from, range.to),
    repo.attemptsInPeriod(db, teacher.id, student.id, range.from, range.to),
  ]);
  const onTime = hws.filter((h) => h.status === 'on_time').length;
  const late = hws.filter((h) => h.status === 'late').length;
  const homeworkAttempts = attempts.filter((a) => a.homeworkId !== null);
  const sub = (pick: (a: (typeof attempts)[number]) => number | null) =>
    score1OrNull(mean(homeworkAttempts.map(pick).filter((x): x is number => x !== null)));
  const { granularity, buckets } = bucketsOf(range);
  const trend = buckets.map((b) => {
    const inside = homeworkAttempts.filter((a) => a.createdAt >= b.from && a.createdAt < b.to);
    return {
      label: b.label,
      from: iso(b.from),
      to: iso(b.to),
      average_score: score1OrNull(mean(inside.map((a) => a.score))),
      attempts: inside.length,
    };
  });

  const tally = new Map<string, { word: string; missed: number; read: number }>();
  for (const row of await repo.wordsOf(
    db,
    attempts.map((a) => a.id),
  )) {
    // Counted case-blind, shown as the results' hardest words are ("I", "I'm", "Ken" keep their capital).
    const words = correctedWords(row.words ?? [], row.corrections);
    for (const [i, w] of words.entries()) {
      if (w.type === 'inserted') continue;
      const written = writtenWordAt(words, i);
      if (!written) continue;
      const key = written.toLowerCase();
      const t = tally.get(key) ?? { word: written, missed: 0, read: 0 };
      t.word = shownWord(t.word, written);
      t.read++;
      if (w.type === 'mispronounced' || w.type === 'omitted') t.missed++;
      tally.set(key, t);
    }
  }
  const weakest = [...tally.values()]
    .filter((t) => t.missed > 0)
    .sort((a, b) => b.missed - a.missed || b.missed / b.read - a.missed / a.read || a.word.localeCompare(b.word))
    .slice(0, studySurveyLimits.weakestWords);

  const reply = {
    student: presentStudent(student),
    period: presentPeriod(range),
    homework: {
      assigned: hws.length,
      submitted: onTime + late,
      on_time: onTime,
      late,
      unsubmitted: hws.length - onTime - late,
      submission_rate: hws.length ? score1((100 * (onTime + late)) / hws.length) : null,
    },
    average_score: sub((a) => a.score),
    accuracy_score: sub((a) => a.accuracy),
    fluency_score: sub((a) => a.fluency),
    integrity_score: sub((a) => a.integrity),
    granularity,
    trend,
    practice: {
      count: attempts.length,
      homework_count: homeworkAttempts.length,
      self_count: attempts.length - homeworkAttempts.length,
      recording_minutes: Math.round(attempts.reduce((s, a) => s + a.durationMs, 0) / 6000) / 10,
    },
    weakest_words: weakest,
  };
  /** The reply, and the period's homework for the xlsx's 宿題一覧. */
  return { reply, homeworkRows: hws };
}

export async function homeworkReport(db: DbOrTx, teacher: Acting, student: Student, homeworkId: number, now: Date) {
  const hw = await repo.findStudentHomework(db, teacher.id, student.id, homeworkId, now);
  if (!hw) throw AppError.notFound();
  const topics = await repo.topicsWithProgress(db, student.id, [hw.id]);
  const [classStats, best, sums] = await Promise.all([
    repo.classTopicStats(db, hw.id),
    repo.bestAttemptsOf(
      db,
      topics.map((t) => t.bestAttemptId).filter((id): id is number => id !== null),
    ),
    repo.bestScoreSums(db, hw.id),
  ]);
  const classAverage = topics.length ? mean(sums.map((s) => s.sum / topics.length)) : null;
  return {
    student: presentStudent(student),
    homework: {
      homework_id: hw.id,
      title: hw.title,
      type: hw.type,
      team: hw.classId !== null && hw.className !== null ? { team_id: hw.classId, name: hw.className } : null,
      state: stateOf(hw, now),
      start_time: iso(hw.startTime),
      end_time: iso(hw.endTime),
      assigned_count: hw.assignedCount,
      submitted_count: hw.submittedCount,
    },
    status: hw.status,
    submitted_at: hw.submittedAt ? iso(hw.submittedAt) : null,
    score: score1OrNull(homeworkScore(topics)),
    class_average: score1OrNull(classAverage),
    topics: topics.map((t) => {
      const b = t.bestAttemptId !== null ? best.get(t.bestAttemptId) : undefined;
      const c = classStats.get(t.id);
      return {
        ...presentTopic(t),
        accuracy_score: score1OrNull(b?.accuracyScore),
        fluency_score: score1OrNull(b?.fluencyScore),
        integrity_score: score1OrNull(b?.integrityScore),
        class_average: score1OrNull(c?.average),
        class_accuracy: score1OrNull(c?.accuracy),
        class_fluency: score1OrNull(c?.fluency),
        class_integrity: score1OrNull(c?.integrity),
        class_submitted: c?.submitted ?? 0,
      };
    }),
  };
}
