// Public result types of the evaluator (plain TypeScript, no runtime schema).

export const EVALUATION_CATEGORIES = ['read_word', 'read_sentence', 'read_chapter'] as const;
export type EvaluationCategory = (typeof EVALUATION_CATEGORIES)[number];
export const WORD_TYPES = ['normal', 'mispronounced', 'omitted', 'inserted'] as const;
export type WordType = (typeof WORD_TYPES)[number];

export interface WordResult {
  word: string;
  /** Accuracy 0–100 (0 for omitted and inserted words). */
  score: number;
  type: WordType;
  start_ms: number;
  end_ms: number;
  phones?: PhoneResult[];
}

export interface PhoneResult {
  phone: string;
  score: number;
  gop: number;
  start_ms: number;
  end_ms: number;
}

export interface Scores {
  total_score: number;
  accuracy_score: number;
  fluency_score: number;
  integrity_score: number;
}

export interface SentenceResult extends Scores {
  text: string;
  words: WordResult[];
  evaluate_html: string;
  evaluate_text: string;
}

export interface EvaluationResult extends Scores {
  words: WordResult[];
  /** Per sentence, for read_chapter. */
  sentences?: SentenceResult[];
  evaluate_html: string;
  evaluate_text: string;
  /** Length of the audio analysed. */
  duration_ms: number;
}

export interface EvaluationRequest {
  /** 16 kHz mono: Int16Array as PCM, Float32Array in [-1, 1]. */
  pcm: Int16Array | Float32Array;
  text: string;
  category?: EvaluationCategory;
}
