// tsx bench/single-words.ts [out.json] — the library's words read alone (read_word): the model
// audio of each word (synthesize(), tone types 1 and 2 by default; WORDS_TONES=1,2,…) scored
// against its own text, and against another word of the list (the wrong-text check). Prints
// the words below 80, the wrong-text AUC and the highest wrong score.
// WORDS_LIMIT=n takes every k-th word so that about n are evaluated. WORDS_VTLN=0.88,0.94,… also
// scores the same audio with per-reading VTLN over that grid (src/evaluator/vtln.ts), printed as
// tone "<tone> VTLN".
import { writeFileSync } from 'node:fs';
import { createEvaluator, loadEvaluator } from '../src/evaluator/evaluator';
import { vtlnGridFromEnv } from '../src/evaluator/vtln';
import { synthesize } from '../src/tts/synthesize';
import { auc } from './metrics';
import { LIBRARY_WORDS } from './library-words';

const tones = (process.env.WORDS_TONES ?? '1,2').split(',').map(Number);
const limit = Number(process.env.WORDS_LIMIT ?? LIBRARY_WORDS.length);
const step = Math.max(1, Math.floor(LIBRARY_WORDS.length / limit));
const words = LIBRARY_WORDS.filter((_, i) => i % step === 0);
/** The wrong text of word i: a word of the list far from it (fixed, so runs compare). */
const wrongOf = (i: number) => LIBRARY_WORDS[(LIBRARY_WORDS.indexOf(words[i]!) + 157) % LIBRARY_WORDS.length]!;

const ev = await loadEvaluator();
const vtlnGrid = vtlnGridFromEnv(process.env.WORDS_VTLN);
const evVtln = vtlnGrid.length ? createEvaluator(ev.model, { vtln: vtlnGrid }) : undefined;

interface Row {
  tone: number | string;
  audio: string;
  text: string;
  right: boolean;
  total: number;
  accuracy: number;
  fluency: number;
  integrity: number;
  wordScore: number;
  type: string;
}

async function score(samples: Float32Array, text: string, evaluator = ev) {
  const result = await evaluator.evaluate({ pcm: samples, text, category: 'read_word' });
  return { result };
}

const rows: Row[] = [];
for (const tone of tones) {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const { samples } = await synthesize({ text: word, toneType: tone });
    for (const [text, right, evaluator] of [
      [word, true, undefined],
      [wrongOf(i), false, undefined],
      ...(evVtln
        ? ([
            [word, true, evVtln],
            [wrongOf(i), false, evVtln],
          ] as const)
        : []),
    ] as const) {
      const s = await score(samples, text, evaluator);
      rows.push({
        tone: evaluator ? `${tone} VTLN` : tone,
        audio: word,
        text,
        right,
        total: s.result.total_score,
        accuracy: s.result.accuracy_score,
        fluency: s.result.fluency_score,
        integrity: s.result.integrity_score,
        wordScore: s.result.words[0]?.score ?? 0,
        type: s.result.words[0]?.type ?? '',
      });
    }
    process.stderr.write(`\r  tone ${tone}: ${i + 1}/${words.length}`);
  }
  process.stderr.write('\n');
}

for (const tone of [...tones, ...(evVtln ? tones.map((t) => `${t} VTLN`) : [])]) {
  const right = rows.filter((r) => r.tone === tone && r.right);
  const wrong = rows.filter((r) => r.tone === tone && !r.right);
  const low = right.filter((r) => r.total < 80).sort((a, b) => a.total - b.total);
  const sorted = right.map((r) => r.total).sort((a, b) => a - b);
  console.log(
    `\nTone type ${tone}: ${right.length} words, median total ${sorted[sorted.length >> 1]}, min ${sorted[0]}, ` +
      `${low.length} below 80`,
  );
  if (low.length) {
    console.log('word              total acc flu int word type');
    for (const r of low)
      console.log(
        `${r.audio.padEnd(16)} ${String(r.total).padStart(6)} ${String(r.accuracy).padStart(3)} ${String(r.fluency).padStart(3)} ` +
          `${String(r.integrity).padStart(3)} ${String(r.wordScore).padStart(4)} ${r.type}`,
      );
  }
  const wt = wrong.map((r) => r.total).sort((a, b) => b - a);
  console.log(
    `wrong text (audio of one word, text of another): AUC ${auc(
      right.map((r) => r.total),
      wrong.map((r) => r.total),
    ).toFixed(
      4,
    )}, median wrong total ${wt[wt.length >> 1]}, highest ${wt[0]}; wrong ≥ 60: ${wt.filter((x) => x >= 60).length}`,
  );
  for (const r of wrong
    .filter((r) => r.total >= 50)
    .sort((a, b) => b.total - a.total)
    .slice(0, 8))
    console.log(`  "${r.audio}" read, text "${r.text}": total ${r.total} (accuracy ${r.accuracy})`);
}
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(rows, null, 1));
