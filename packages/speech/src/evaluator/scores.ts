// From GOP values and alignment timing to the 0–100 scores. The constants are calibrated with
// bench/calibrate.ts (see README "Score mapping"); change them only together with a new run.
import type { Analysis, WordAlignment } from './align';
import { FRAME_MS } from './align';
import { EVIDENCE_MID, EVIDENCE_SCALE, GLOBAL_GOP_STATS, PHONE_GOP_STATS } from './phone-gop-stats';
import type { PhoneResult, Scores, WordResult } from './types';

/** Timing parts of fluency (fluencyScore below combines them into the heuristic score). */
export interface FluencyParts {
  /** Articulation time over the reference time for the expected phones. */
  ratio: number;
  pauseShare: number;
  longPauses: number;
  hesitations: number;
  spokenShare: number;
  /** First to last spoken frame, ms. */
  speechMs: number;
}

/**
 * GOP of context-dependent forced phones against a context-independent phone loop has its own
 * offset per phone, so each phone's GOP is centred on the mean of correct readings of that phone
 * (phone-gop-stats.ts, from bench/calibrate-phones.ts): c = gop − μ_phone. Word evidence =
 * mean over its phones of min(0, c). Accuracy = 100 / (1 + exp(−(evidence − EVIDENCE_MID) / EVIDENCE_SCALE)),
 * calibrated to give 60 where 5 % of correct calibration words fall below and 90 at their median.
 */
export const MISPRONOUNCED_BELOW = 60;
/** A word whose GOP score is below this is mispronounced whatever the misread decision says
 *  (about 1 % of correctly read calibration words score this low). */
export const ALWAYS_MISPRONOUNCED_BELOW = 30;
/** Weighting of the total score (fluency and integrity parts are scaled by accuracy/100). */
export const TOTAL_WEIGHTS = { accuracy: 0.6, fluency: 0.2, integrity: 0.2 };
/** Reference reading rate for fluency (phones per second, a calm classroom reading). */
export const REFERENCE_PHONES_PER_SECOND = 10;
/** Pauses between words longer than this count against fluency. */
export const LONG_PAUSE_MS = 400;

export function centredGop(phone: string, gop: number): number {
  return gop - (PHONE_GOP_STATS[phone] ?? GLOBAL_GOP_STATS)[0];
}

export function evidenceAccuracy(e: number): number {
  return 100 / (1 + Math.exp(-(e - EVIDENCE_MID) / EVIDENCE_SCALE));
}

export function phoneAccuracy(phone: string, gop: number): number {
  return evidenceAccuracy(centredGop(phone, gop));
}

/** Word evidence from its phones' centred GOPs: their mean, each clipped at 0 (a phone better
 *  than usual does not make up for a wrong one). */
export function wordEvidence(c: number[]): number {
  if (c.length === 0) return -Infinity;
  let s = 0;
  for (const x of c) s += Math.min(0, x);
  return s / c.length;
}

const round = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

export function wordAccuracy(w: WordAlignment): number {
  if (w.skipped || w.phones.length === 0) return 0;
  return evidenceAccuracy(wordEvidence(w.phones.map((p) => centredGop(p.phone, p.gop))));
}

export function wordResults(a: Analysis, texts: string[]): WordResult[] {
  return a.words.map((w, i) => {
    const word = texts[i] ?? '';
    if (w.skipped) return { word, score: 0, type: 'omitted', start_ms: 0, end_ms: 0 };
    // The calibrated misread decision (align.ts / omission-model.ts), which weighs the GOP with the
    // alignment evidence around the word, decides between mispronounced and normal; the GOP score
    // is kept on the matching side of the mark. A very low GOP score is mispronounced regardless.
    const acc = round(wordAccuracy(w));
    const score =
      w.misread === undefined || acc < ALWAYS_MISPRONOUNCED_BELOW
        ? acc
        : w.misread
          ? Math.min(acc, MISPRONOUNCED_BELOW - 1)
          : Math.max(acc, MISPRONOUNCED_BELOW);
    const phones: PhoneResult[] = w.phones.map((p) => ({
      phone: p.phone,
      gop: Math.round(p.gop * 100) / 100,
      score: round(phoneAccuracy(p.phone, p.gop)),
      start_ms: p.start * FRAME_MS,
      end_ms: (p.end + 1) * FRAME_MS,
    }));
    return {
      word,
      score,
      type: score < MISPRONOUNCED_BELOW ? 'mispronounced' : 'normal',
      start_ms: w.start * FRAME_MS,
      end_ms: (w.end + 1) * FRAME_MS,
      phones,
    };
  });
}

/** Inter-word stretches where the phone loop hears speech that matches no expected word. */
export function insertedWords(a: Analysis): WordResult[] {
  const out: WordResult[] = [];
  const spoken = a.words.filter((w) => !w.skipped);
  if (spoken.length === 0) return out;
  const first = spoken[0]!.start;
  const last = spoken[spoken.length - 1]!.end;
  for (const f of mergeFillers(a)) {
    if (f.end - f.start + 1 < 30) continue;
    // Leading/trailing noise is not an inserted word unless it is clearly speech.
    const inside = f.start > first && f.end < last;
    let speech = 0;
    for (const p of a.loopPhones) {
      if (p.phone === 'SIL' || p.phone.startsWith('+')) continue;
      speech += Math.max(0, Math.min(p.end, f.end) - Math.max(p.start, f.start) + 1);
    }
    const need = inside ? 0.6 : 0.8;
    if (speech >= 25 && speech / (f.end - f.start + 1) >= need) {
      out.push({ word: '', score: 0, type: 'inserted', start_ms: f.start * FRAME_MS, end_ms: (f.end + 1) * FRAME_MS });
    }
  }
  return out;
}

function mergeFillers(a: Analysis): Array<{ start: number; end: number; before: number }> {
  const out: Array<{ start: number; end: number; before: number }> = [];
  for (const f of a.fillers) {
    const prev = out[out.length - 1];
    if (prev && prev.end + 1 >= f.start) prev.end = f.end;
    else out.push({ start: f.start, end: f.end, before: f.before });
  }
  return out;
}

/** Timing parts of fluency: articulation rate against the reference, pauses, hesitations. */
export function fluencyParts(a: Analysis, expectedPhones: number): FluencyParts {
  const spoken = a.words.filter((w) => !w.skipped);
  if (spoken.length === 0)
    return { ratio: 0, pauseShare: 0, longPauses: 0, hesitations: 0, spokenShare: 0, speechMs: 0 };
  const first = spoken[0]!.start;
  const last = spoken[spoken.length - 1]!.end;
  const speechMs = (last - first + 1) * FRAME_MS;
  let pauseMs = 0;
  let longPauses = 0;
  let hesitations = 0;
  for (const f of mergeFillers(a)) {
    if (f.start <= first || f.end >= last) continue;
    const ms = (f.end - f.start + 1) * FRAME_MS;
    pauseMs += ms;
    if (ms >= LONG_PAUSE_MS) longPauses++;
  }
  for (const f of a.fillers) if (f.phone !== 'SIL' && f.start > first && f.end < last) hesitations++;
  const articulationMs = Math.max(1, speechMs - pauseMs);
  const refMs = (expectedPhones / REFERENCE_PHONES_PER_SECOND) * 1000;
  return {
    ratio: articulationMs / Math.max(1, refMs),
    pauseShare: pauseMs / speechMs,
    longPauses,
    hesitations,
    spokenShare: spoken.length / a.words.length,
    speechMs,
  };
}

export function fluencyScore(a: Analysis, expectedPhones: number): number {
  const p = fluencyParts(a, expectedPhones);
  if (p.spokenShare === 0) return 0;
  // Rate of articulation against the reference; reading slower than half or faster than
  // double the reference loses points progressively.
  const { ratio } = p;
  let rate = 100;
  if (ratio > 1.6) rate = 100 - Math.min(60, (ratio - 1.6) * 60);
  else if (ratio < 0.5) rate = 100 - Math.min(60, (0.5 - ratio) * 150);
  const pausePenalty = Math.min(40, p.longPauses * 8 + p.pauseShare * 60);
  const hesitationPenalty = Math.min(20, p.hesitations * 5);
  return round((rate - pausePenalty - hesitationPenalty) * p.spokenShare);
}

export function summarise(a: Analysis, words: WordResult[], expectedPhones: number): Scores {
  const expected = words.filter((w) => w.type !== 'inserted');
  const spoken = expected.filter((w) => w.type !== 'omitted');
  const integrity = expected.length ? (100 * spoken.length) / expected.length : 0;
  // Accuracy weights each spoken word by its phone count; omitted words are left to integrity.
  let num = 0;
  let den = 0;
  for (const w of spoken) {
    const n = Math.max(1, w.phones?.length ?? 1);
    num += w.score * n;
    den += n;
  }
  const accuracy = den ? num / den : 0;
  const fluency = fluencyScore(a, expectedPhones);
  // Fluency and completeness count in proportion to accuracy: reading the wrong words fluently
  // and completely must not earn those points.
  const total =
    TOTAL_WEIGHTS.accuracy * accuracy +
    (TOTAL_WEIGHTS.fluency * fluency + TOTAL_WEIGHTS.integrity * integrity) * (accuracy / 100);
  return {
    total_score: round(total),
    accuracy_score: round(accuracy),
    fluency_score: round(fluency),
    integrity_score: round(integrity),
  };
}
