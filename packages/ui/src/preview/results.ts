import type { ResourceDetail } from '@ondoku/contract';

/**
 * What answer papers and practice screens add to a preview (docs/library-web.md, "The preview views"):
 * a child's result per item, the class averages per item, and the resource's own scores.
 */
export interface ItemResult {
  score?: number | null;
  /** The evaluator's markup of the read text (word colours); sanitised before it is shown. */
  evaluate_html?: string | null;
  evaluate_text?: string | null;
  /** URL of the child's recording. */
  sound_file?: string | null;
  /** Choice questions: the index of the answer the child chose. */
  answer_result?: number | null;
}

/** A child's answer as the server sends it: matched to an item by question_id = index. */
export interface StudentAnswer extends ItemResult {
  question_id: number;
}

/** The class-average list: entries of score, indexed by item. */
export type ClassAverages = ReadonlyArray<{ score: number | null } | null | undefined>;

/** Resource-level scores (the score bar's keys, on the resource). */
export interface ResourceScores {
  total_score?: number | null;
  accuracy_score?: number | null;
  fluency_score?: number | null;
  integrity_score?: number | null;
  learn_count?: number | null;
  best_score?: number | null;
  evaluate_html?: string | null;
  sound_file?: string | null;
}

/**
 * Answers by item index: an answer belongs to the item whose index equals its question_id; an
 * article is one item, so its answer is question_id 0. Answers for no item are
 * dropped; for a question answered twice the last one counts.
 */
export function matchAnswers(
  detail: Pick<ResourceDetail, 'type' | 'items'>,
  answers: readonly StudentAnswer[] | undefined,
): Map<number, ItemResult> {
  const byIndex = new Map<number, ItemResult>();
  if (!answers?.length) return byIndex;
  const indexes = new Set(detail.type === 'article_reading' ? [0] : detail.items.map((i) => i.index));
  for (const a of answers) if (indexes.has(a.question_id)) byIndex.set(a.question_id, a);
  return byIndex;
}

/** Score colouring (the bands of every score in both apps): 80 and above good, 60 and above medium, below 60 bad. */
export type ScoreBand = 'good' | 'medium' | 'bad';
export const scoreBand = (score: number): ScoreBand => (score >= 80 ? 'good' : score >= 60 ? 'medium' : 'bad');
export const bandColors: Record<ScoreBand, string> = { good: '#389e0d', medium: '#d48806', bad: '#cf1322' };
export const bandLabels: Record<ScoreBand, string> = {
  good: '80点以上',
  medium: '60〜79点',
  bad: '60点未満',
};

/** Scores are shown as whole points. */
export const points = (score: number) => `${Math.round(score)}点`;
