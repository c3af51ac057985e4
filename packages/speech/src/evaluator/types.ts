// Public result types of the evaluator. Their shape is defined once, by the contract's
// evaluation schemas (what a client receives); these add what stays inside the server.
import type { EvaluationCategory, EvaluationScoresData, EvaluationWordData } from '@ondoku/contract';

export {
  evaluationCategories as EVALUATION_CATEGORIES,
  evaluationWordTypes as WORD_TYPES,
  type EvaluationCategory,
  type EvaluationWordType as WordType,
} from '@ondoku/contract';

export interface WordResult extends EvaluationWordData {
  /** Per phone, for calibration and the server's own use; not sent to clients. */
  phones?: PhoneResult[];
}

export interface PhoneResult {
  phone: string;
  score: number;
  gop: number;
  start_ms: number;
  end_ms: number;
}

export type Scores = EvaluationScoresData;

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

/** Who reads: a child's reading is analysed with the children's VTLN warp (evaluator/vtln.ts). */
export type Reader = 'child' | 'adult';

export interface EvaluationRequest {
  /** 16 kHz mono: Int16Array as PCM, Float32Array in [-1, 1]. */
  pcm: Int16Array | Float32Array;
  text: string;
  category?: EvaluationCategory;
  /** Default 'adult' (no warp). */
  reader?: Reader;
}
