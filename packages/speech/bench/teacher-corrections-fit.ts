// The arithmetic of bench/teacher-corrections.ts, kept apart so a test can check it.

/** One line of the export (apps/server modules/results/corrections-export.ts, CorrectionLine). */
export interface TeacherJudgedWord {
  text: string;
  category: string;
  word_index: number;
  word: string;
  score: number;
  evaluator: 'normal' | 'mispronounced';
  teacher: 'normal' | 'mispronounced';
  corrected: boolean;
  date: string;
}

export function readCorrectionLines(jsonl: string): TeacherJudgedWord[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const v = JSON.parse(l) as TeacherJudgedWord;
      if (typeof v.score !== 'number' || !['normal', 'mispronounced'].includes(v.teacher))
        throw new Error(`line ${i + 1}: not a correction line`);
      return v;
    });
}

export function summarise(lines: TeacherJudgedWord[]) {
  const answers = new Set(lines.map((l) => `${l.date}\u0000${l.text}\u0000${l.category}`)).size;
  const toCorrect = lines.filter((l) => l.evaluator === 'mispronounced' && l.teacher === 'normal').length;
  const toMispronounced = lines.filter((l) => l.evaluator === 'normal' && l.teacher === 'mispronounced').length;
  const agreed = lines.length - toCorrect - toMispronounced;
  const counts = new Map<string, number>();
  for (const l of lines) {
    if (l.evaluator === l.teacher) continue;
    const w = l.word.toLowerCase().replace(/[^a-z']/g, '');
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const hardest = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);
  return {
    words: lines.length,
    answers,
    agreed,
    agreement: lines.length ? agreed / lines.length : NaN,
    toCorrect,
    toMispronounced,
    hardest,
  };
}

/**
 * The word-score threshold (a word is mispronounced below it) that agrees best with the teachers'
 * judgements; on a tie, the one nearest the current rule's 60.
 */
export function fitThreshold(lines: TeacherJudgedWord[]) {
  const agreementAt = (threshold: number) =>
    lines.length
      ? lines.filter((l) => (l.score < threshold ? 'mispronounced' : 'normal') === l.teacher).length / lines.length
      : NaN;
  let best = 60;
  let bestAgreement = agreementAt(60);
  for (let th = 0; th <= 101; th++) {
    const a = agreementAt(th);
    if (a > bestAgreement || (a === bestAgreement && Math.abs(th - 60) < Math.abs(best - 60))) {
      best = th;
      bestAgreement = a;
    }
  }
  return { best, bestAgreement, agreementAt };
}
