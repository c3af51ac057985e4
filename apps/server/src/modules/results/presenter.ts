import { scoreBuckets, type PaperAnswer, type TopicOverviewRow } from '@ondoku/contract';
import type { AnswerRecord, CommentDraftRecord, StudentRecord, TopicRecord, TopicStats } from './repository.js';
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

/**
 * One answer on the answer paper: corrections applied to the words and the accuracy; the
 * recording's URL comes from the evaluation module when it can sign one (null otherwise).
 */
export function presentAnswer(a: AnswerRecord, soundFile: string | null): PaperAnswer {
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
