import { scoreBuckets, type PaperAnswer, type TopicOverviewRow } from '@ondoku/contract';
import type { requireOwnHomework } from '../homework/policy.js';
import type {
  AnswerRecord,
  CommentDraftRecord,
  MatrixRecord,
  StudentRecord,
  TopicRecord,
  TopicStats,
} from './repository.js';
import { roundsOfCounts } from '../submissions/index.js';
import { correctedAccuracy, correctedHtml, correctedWords } from './scoring.js';

/** Scores leave the server with one decimal (averages and means of items are not whole). */
export const score1 = (x: number) => Math.round(x * 10) / 10;
export const score1OrNull = (x: number | null | undefined) => (x === null || x === undefined ? null : score1(x));
export const iso = (d: Date | string) => new Date(d).toISOString();

export const presentTopic = (t: TopicRecord) => ({
  topic_id: t.id,
  position: t.position,
  resource_id: t.resourceId,
  title: t.title,
  type: t.type as never,
  item_count: t.itemCount,
});

export const emptyDistribution = () => Array.from({ length: scoreBuckets }, () => 0);

export const presentTopicOverview = (
  t: TopicRecord,
  stats: TopicStats | undefined,
  recipients: number,
): TopicOverviewRow => ({
  ...presentTopic(t),
  recipient_count: recipients,
  submitted_count: stats?.submitted ?? 0,
  average_score: score1OrNull(stats?.average),
  accuracy_score: score1OrNull(stats?.accuracy),
  fluency_score: score1OrNull(stats?.fluency),
  integrity_score: score1OrNull(stats?.integrity),
  distribution: stats?.distribution ?? emptyDistribution(),
});

/** The class a homework went to (null for single students, or a class deleted since). */
export const classOf = (hw: { classId: number | null; className: string | null }) =>
  hw.classId !== null && hw.className !== null ? { team_id: hw.classId, name: hw.className } : null;

export const presentStudent = (s: StudentRecord) => ({ student_id: s.loginId, name: s.name, number: s.number });

/** What presentAnswer reads of an answer (results' answer papers, the study survey's answer logs). */
export type PresentedAnswer = Pick<
  AnswerRecord,
  | 'questionId'
  | 'answer'
  | 'correct'
  | 'score'
  | 'accuracyScore'
  | 'fluencyScore'
  | 'integrityScore'
  | 'evaluateHtml'
  | 'words'
  | 'audioKey'
  | 'corrections'
>;

/**
 * A student's answer with the teacher's word corrections applied to the words, the marked-up
 * text and the accuracy: the one presenter of an answer (the answer paper here, the study
 * survey's answer logs through index.ts). The recording's URL comes from the evaluation module
 * when it can sign one (null otherwise).
 */
export function presentAnswer(a: PresentedAnswer, soundFile: string | null): PaperAnswer {
  const chosen = a.answer !== null && /^\d+$/.test(a.answer) ? Number(a.answer) : null;
  const words = a.words ? correctedWords(a.words, a.corrections) : null;
  return {
    question_id: a.questionId,
    score: score1(a.score),
    accuracy_score:
      a.accuracyScore === null
        ? null
        : score1(a.words ? correctedAccuracy(a.accuracyScore, a.words, a.corrections) : a.accuracyScore),
    fluency_score: score1OrNull(a.fluencyScore),
    integrity_score: score1OrNull(a.integrityScore),
    evaluate_html: a.evaluateHtml !== null && words ? correctedHtml(a.evaluateHtml, words) : a.evaluateHtml,
    words,
    sound_file: soundFile,
    has_recording: a.audioKey !== null,
    answer_result: chosen,
    correct: a.correct,
  };
}

/** The comment draft as the page restores it: empty and visible when never saved. */
export const presentCommentDraft = (d: CommentDraftRecord | null) => ({
  visible: d?.visible ?? true,
  content: d?.content ?? '',
  updated_at: d ? iso(d.updatedAt) : null,
});

/** The homework a results call is about, as the homework policy returns it. */
type HomeworkView = Awaited<ReturnType<typeof requireOwnHomework>>;

/** The homework's head on the details page: dates, counts, the score distribution and the topics. */
export const presentAllTopicOverview = (
  hw: HomeworkView,
  topics: TopicOverviewRow[],
  scores: { average: number | null; distribution: number[] },
  unsubmitted: StudentRecord[],
  practicing: (StudentRecord & { rounds: number })[],
) => ({
  homework_id: hw.id,
  title: hw.title,
  team: classOf(hw),
  origin_type: hw.originType,
  state: hw.state,
  start_time: iso(hw.startTime),
  end_time: iso(hw.reissueEndTime ?? hw.endTime),
  assigned_count: hw.assignedCount,
  submitted_count: hw.submittedCount,
  required_times: hw.requiredTimes,
  done_count: hw.completedCount,
  average_score: scores.average,
  distribution: scores.distribution,
  topics,
  unsubmitted: unsubmitted.map(presentStudent),
  practicing: practicing.map((s) => ({ ...presentStudent(s), practice_count: s.rounds })),
});

/** One topic's question overview: the topic's row and what its questions came to. */
export const presentQuestionOverview = <O extends object>(row: TopicOverviewRow, overview: O) => ({
  topic: row,
  ...overview,
});

/** The matrix's header: each topic with its average and how many submitted (topic_progress alone). */
export const presentMatrixHeader = (topics: (TopicRecord & { stats: TopicStats | undefined })[]) => ({
  rows: topics.map(({ stats, ...t }) => ({
    ...presentTopic(t),
    average_score: score1OrNull(stats?.average),
    submitted_count: stats?.submitted ?? 0,
  })),
});

/** One child's row of the matrix: a cell per topic, and the child's homework score. */
export function presentMatrixRow(s: MatrixRecord) {
  let submittedTopics = 0;
  let sum = 0;
  const cells = s.cells.map(([topicId, bestScore, practiceCount]) => {
    if (bestScore !== null) {
      submittedTopics += 1;
      sum += bestScore;
    }
    return { topic_id: topicId, best_score: score1OrNull(bestScore), practice_count: practiceCount ?? 0 };
  });
  return {
    ...presentStudent(s),
    submitted: s.submitted,
    done: s.done,
    practice_count: roundsOfCounts(s.cells.map((c) => c[2])),
    cells,
    // The child's homework score, as all-topic-overview counts it (a topic not submitted counts 0).
    average_score: submittedTopics ? score1(sum / Math.max(1, s.cells.length)) : null,
  };
}

/** A page of the matrix's rows. */
export const presentMatrixPage = (rows: MatrixRecord[], total: number, q: { page: number; limit: number }) => ({
  rows: rows.map(presentMatrixRow),
  total,
  page: q.page,
  limit: q.limit,
});

/** The commentary page: the homework's head and what the children found hard. */
export const presentCommentary = <C extends object>(hw: HomeworkView, commentary: C) => ({
  homework_id: hw.id,
  title: hw.title,
  team: classOf(hw),
  start_time: iso(hw.startTime),
  end_time: iso(hw.reissueEndTime ?? hw.endTime),
  assigned_count: hw.assignedCount,
  submitted_count: hw.submittedCount,
  ...commentary,
});

/** A reading homework's basic information. */
export const presentReadingBasicInfo = (hw: HomeworkView) => ({
  homework_id: hw.id,
  title: hw.title,
  team: classOf(hw),
  type: hw.type,
  origin_type: hw.originType,
  state: hw.state,
  start_time: iso(hw.startTime),
  end_time: iso(hw.endTime),
  reissue_end_time: hw.reissueEndTime ? iso(hw.reissueEndTime) : null,
  required_times: hw.requiredTimes,
  topic_count: hw.topicCount,
  assigned_count: hw.assignedCount,
  submitted_count: hw.submittedCount,
  created_at: iso(hw.createdAt),
});
