import type { EvaluationResultData } from '@ondoku/contract';
import type { EvaluationResult } from '@ondoku/speech';

/**
 * Names every field of an evaluation result the client receives: exactly the contract's
 * `evaluationResult`. The evaluator's internals (phones, GOP, the audio's duration, the
 * per-sentence markup) stay on the server.
 */
type Word = EvaluationResult['words'][number];
type Scores = Pick<EvaluationResult, 'total_score' | 'accuracy_score' | 'fluency_score' | 'integrity_score'>;

const presentWord = (w: Word): EvaluationResultData['words'][number] => ({
  word: w.word,
  score: w.score,
  type: w.type,
  start_ms: w.start_ms,
  end_ms: w.end_ms,
});

const presentScores = (s: Scores) => ({
  total_score: s.total_score,
  accuracy_score: s.accuracy_score,
  fluency_score: s.fluency_score,
  integrity_score: s.integrity_score,
});

export const presentEvaluationResult = (r: EvaluationResult): EvaluationResultData => ({
  ...presentScores(r),
  words: r.words.map(presentWord),
  ...(r.sentences
    ? { sentences: r.sentences.map((s) => ({ ...presentScores(s), text: s.text, words: s.words.map(presentWord) })) }
    : {}),
  evaluate_html: r.evaluate_html,
  evaluate_text: r.evaluate_text,
});

/** Where the browser opens the evaluation socket: this host, with the signed ticket. */
export const presentEvaluationService = (origin: { secure: boolean; host: string }, path: string, ticket: string) => ({
  evaluation_server_url: `${origin.secure ? 'wss' : 'ws'}://${origin.host}${path}?ticket=${encodeURIComponent(ticket)}`,
});
