// Development helper: per expected word of the correct / replaced / omitted cases, the final type
// and score, the omission evidence, and the filler segments next to it. Calibration voices by
// default (CAL_TONES=test for the benchmark voices, CAL_FIRST/CAL_SENTENCES pick sentences).
// usage: BENCH_CACHE=<dir> tsx bench/word-cases-dev.ts out.json
import { writeFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { wordResults } from '../src/evaluator/scores';
import { CALIBRATION_VOICES, REPLACEMENTS, rng, SENTENCES, speak, SPEEDS, TEST_TONES, words } from './dataset';

const ev = await loadEvaluator();
const test = process.env.CAL_TONES === 'test';
const first = Number(process.env.CAL_FIRST ?? (test ? 0 : 10));
const sentences = SENTENCES.slice(first, first + Number(process.env.CAL_SENTENCES ?? 10));
const tones: Array<number | string> = test ? TEST_TONES : CALIBRATION_VOICES;
const out: unknown[] = [];
const [part, parts] = (process.env.CAL_PART ?? '0/1').split('/').map(Number) as [number, number];
for (const [si, text] of sentences.entries()) {
  if (si % parts !== part) continue;
  for (const tone of tones) {
    for (const speed of SPEEDS) {
      const seed =
        si * 1000 + (typeof tone === 'number' ? tone : 100 + tones.indexOf(tone)) * 10 + Math.round(speed * 10);
      const r = rng(seed);
      const u = await speak(text, tone, speed, 20, seed);
      const ws = words(text);
      r();
      const ri = Math.floor(r() * ws.length);
      let rep = REPLACEMENTS[Math.floor(r() * REPLACEMENTS.length)]!;
      if (rep.toLowerCase() === ws[ri]!.toLowerCase()) rep = 'garden';
      const oi = ws.length > 2 ? 1 + Math.floor(r() * (ws.length - 2)) : 0;
      const uo = await speak(ws.filter((_, i) => i !== oi).join(' '), tone, speed, 20, seed + 1);
      const cases: Array<[string, Float32Array, string[], number]> = [
        ['correct', u.samples, ws, -1],
        ['replaced', u.samples, ws.map((w, i) => (i === ri ? rep : w)), ri],
        ['omitted', uo.samples, ws, oi],
      ];
      for (const [kind, samples, t, target] of cases) {
        const { analysis } = await ev.analyse(samples, t.join(' '));
        const res = wordResults(analysis, t);
        out.push({
          kind,
          target,
          speed,
          tone,
          text: t,
          spoken: kind === 'replaced' ? ws[ri] : undefined,
          nFrames: analysis.nFrames,
          words: res.map((w, i) => ({
            word: w.word,
            type: w.type,
            score: w.score,
            target: i === target,
            ev: analysis.omission?.[i],
            phones: analysis.words[i]!.phones.map((p) => [p.phone, p.start, p.end, Math.round(p.gop * 100) / 100]),
          })),
          fillers: analysis.fillers.map((f) => [f.phone, f.start, f.end, f.before]),
          loop: analysis.loopPhones.map((p) => [p.phone, p.start, p.end]),
        });
      }
    }
  }
}
writeFileSync(process.argv[2] ?? '/tmp/word-cases.json', JSON.stringify(out));
