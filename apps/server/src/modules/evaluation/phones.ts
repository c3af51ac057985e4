import type { WordResult } from '@ondoku/speech';
import type { StoredPhoneJudgement } from '../../db/schema/index.js';

/**
 * The evaluator's phone judgements of a result, as they are kept with it (docs/learning-statistics.md):
 * per phone of every word read (omitted and inserted words have none), its word's index in the
 * result, the phone (ARPAbet, stress removed) and its score 0–100. The client never receives them.
 */
export function phoneJudgementsOf(words: readonly WordResult[]): StoredPhoneJudgement[] {
  const out: StoredPhoneJudgement[] = [];
  words.forEach((w, index) => {
    if (w.type === 'omitted' || w.type === 'inserted') return;
    for (const p of w.phones ?? [])
      out.push({ word: index, phone: p.phone.replace(/[0-9]$/, ''), score: Math.round(p.score) });
  });
  return out;
}
