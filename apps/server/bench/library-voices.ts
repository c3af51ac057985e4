// tsx apps/server/bench/library-voices.ts — how many of the library's model-voice lines each
// eSpeak voice reads so that our evaluator scores them ≥ 80 (docs/library.md, "Voice"). Every line
// the installer would synthesise in the model voice (words, sentences, articles joined) is
// synthesised in each of TONES (default 5,1,3) and scored as the installer's check scores it;
// TAKES=n (default 1) tries up to n takes of a voice before counting the line as failed.
// Prints the counts per kind of line and, with OUT=file.json, every line's scores.
import { writeFileSync } from 'node:fs';
import { parseWav, SpeechWorkerPool } from '@ondoku/speech';
import { checkCategoryOf, MODEL_VOICE, normaliseSpokenText, type AudioMaker } from '../src/modules/library/audio.js';
import { buildLibrary } from '../src/modules/library/content.js';
import { headquartersSource } from '../src/modules/library/index.js';
import { spokenTextOf } from '../src/modules/library/material/spoken-as.js';

interface Line {
  text: string;
  sentences?: string[];
}
const lines = new Map<string, Line>();
const none = { key: 'none', durationMs: 0, byteSize: 0 };
// An audio maker that only records what the installer would ask it for, in the model voice.
const recorder = {
  speak: async (text: string, voice = MODEL_VOICE) => {
    if (voice.toneType === MODEL_VOICE.toneType)
      lines.set(normaliseSpokenText(text), { text: normaliseSpokenText(text) });
    return none;
  },
  article: async (sentences: string[]) => {
    const spoken = sentences.map(normaliseSpokenText);
    lines.set(spoken.join(' '), { text: spoken.join(' '), sentences: spoken });
    return { ...none, sentences: sentences.map(() => ({ start_ms: 0, end_ms: 0 })) };
  },
  file: async () => 'none',
  files: () => [],
  stats: () => ({ synthesised: 0, cached: 0, checks: { checked: 0, remade: 0, below: [] } }),
} as unknown as AudioMaker;
const source = headquartersSource();
await buildLibrary(source.material, recorder, source.picturesDirs);

const tones = (process.env.TONES ?? '5,1,3').split(',').map(Number);
const takes = Number(process.env.TAKES ?? 1);
const pool = new SpeechWorkerPool({ size: 2 });
const kindOf = (l: Line) => (l.sentences ? 'read_chapter' : checkCategoryOf(l.text));

async function samplesOf(l: Line, toneType: number, take: number): Promise<Float32Array> {
  const parts = await Promise.all(
    (l.sentences ?? [l.text]).map(
      async (s) => parseWav((await pool.synthesize(spokenTextOf(s), toneType, 1, take)).wav).samples,
    ),
  );
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  return all;
}

const started = performance.now();
const rows = await Promise.all(
  [...lines.values()].map(async (l) => {
    const scores: Record<number, number[]> = {};
    for (const tone of tones) {
      scores[tone] = [];
      for (let take = 0; take < takes; take++) {
        const r = await pool.evaluate(await samplesOf(l, tone, take), l.text, kindOf(l));
        scores[tone].push(r.total_score);
        if (r.total_score >= 80) break;
      }
    }
    return { text: l.text, kind: kindOf(l), scores };
  }),
);
await pool.close();
if (process.env.OUT) writeFileSync(process.env.OUT, JSON.stringify(rows, null, 1));
console.log(
  `${rows.length} model-voice lines, ${takes} take(s) a voice, ${Math.round((performance.now() - started) / 1000)} s`,
);
console.log('| tone type | ' + ['read_word', 'read_sentence', 'read_chapter'].join(' ≥ 80 | ') + ' ≥ 80 |');
for (const tone of tones) {
  const cell = (kind: string) => {
    const of = rows.filter((r) => r.kind === kind);
    return `${of.filter((r) => r.scores[tone]!.some((s) => s >= 80)).length} / ${of.length}`;
  };
  console.log(`| ${tone} | ${cell('read_word')} | ${cell('read_sentence')} | ${cell('read_chapter')} |`);
}
