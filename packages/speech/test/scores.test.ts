// Word types and scores from the misread decision (align.ts) and the GOP score (scores.ts).
import { describe, expect, it } from 'vitest';
import type { Analysis, WordAlignment } from '../src/evaluator/align';
import { EVIDENCE_MID, EVIDENCE_SCALE, GLOBAL_GOP_STATS, PHONE_GOP_STATS } from '../src/evaluator/phone-gop-stats';
import { ALWAYS_MISPRONOUNCED_BELOW, MISPRONOUNCED_BELOW, wordResults } from '../src/evaluator/scores';

/** A one-phone word whose GOP score is `score`, with the given misread decision. */
function word(score: number, misread: boolean | undefined, start: number): WordAlignment {
  const evidence = EVIDENCE_MID + EVIDENCE_SCALE * Math.log(score / (100 - score));
  const gop = (PHONE_GOP_STATS['AE'] ?? GLOBAL_GOP_STATS)[0] + evidence;
  return {
    skipped: false,
    start,
    end: start + 9,
    phones: [{ phone: 'AE', start, end: start + 9, gop }],
    misread,
  };
}

function analysis(words: WordAlignment[]): Analysis {
  const n = 10 * words.length + 10;
  return {
    nFrames: n,
    words,
    fillers: [],
    forcedFrame: new Float32Array(n),
    loopFrame: new Float32Array(n),
    loopPhones: [],
  };
}

describe('word types', () => {
  it('lets the misread decision choose the side of the mispronounced mark', () => {
    const res = wordResults(
      analysis([word(80, true, 0), word(45, false, 10), word(45, true, 20), word(80, false, 30)]),
      ['cat', 'hat', 'bat', 'mat'],
    );
    expect(res.map((w) => w.type)).toEqual(['mispronounced', 'normal', 'mispronounced', 'normal']);
    expect(res[0]!.score).toBe(MISPRONOUNCED_BELOW - 1);
    expect(res[1]!.score).toBe(MISPRONOUNCED_BELOW);
    expect(res[2]!.score).toBe(45);
    expect(res[3]!.score).toBe(80);
  });

  it('keeps a very low GOP score mispronounced whatever the decision', () => {
    const low = ALWAYS_MISPRONOUNCED_BELOW - 10;
    const [w] = wordResults(analysis([word(low, false, 0)]), ['cat']);
    expect(w!.type).toBe('mispronounced');
    expect(w!.score).toBe(low);
  });

  it('uses the GOP score alone without a decision', () => {
    const res = wordResults(analysis([word(45, undefined, 0), word(80, undefined, 10)]), ['cat', 'hat']);
    expect(res.map((w) => [w.type, w.score])).toEqual([
      ['mispronounced', 45],
      ['normal', 80],
    ]);
  });

  it('marks a skipped word omitted with score 0', () => {
    const [w] = wordResults(analysis([{ skipped: true, start: 0, end: -1, phones: [] }]), ['cat']);
    expect(w).toMatchObject({ type: 'omitted', score: 0 });
  });
});
