// Development helper: omission evidence (align.ts OmissionEvidence) for every expected word of the
// correct / replaced / omitted cases of the calibration set. usage: tsx bench/omission-dev.ts out.json
import { writeFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { CALIBRATION_VOICES, REPLACEMENTS, rng, SENTENCES, speak, SPEEDS, words } from './dataset';

const ev = await loadEvaluator();
const first = Number(process.env.CAL_FIRST ?? 10);
const sentences = SENTENCES.slice(first, first + Number(process.env.CAL_SENTENCES ?? 10));
const tones: Array<number | string> = CALIBRATION_VOICES;
const out: unknown[] = [];
// CAL_PART=k/n: only sentences with index ≡ k (mod n), to run n processes side by side.
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
      const cases: Array<[string, Float32Array, string, number]> = [
        ['correct', u.samples, text, -1],
        ['replaced', u.samples, ws.map((w, i) => (i === ri ? rep : w)).join(' '), ri],
        ['omitted', uo.samples, ws.join(' '), oi],
      ];
      for (const [kind, samples, t, target] of cases) {
        const { analysis } = await ev.analyse(
          samples,
          t,
          process.env.SKIP_PENALTY ? { skipPenalty: Number(process.env.SKIP_PENALTY) } : {},
        );
        out.push({
          kind,
          target,
          speed,
          tone,
          words: analysis.omission?.map((e, i) => ({
            ...e,
            target: i === target,
            omitted: analysis.words[i]!.skipped,
          })),
          // Final alignment: phone, frames and GOP per word (for bench/calibrate-durations.ts and
          // bench/calibrate-phones.ts).
          phones: analysis.words.map((w) => w.phones.map((p) => [p.phone, p.end - p.start + 1, p.gop])),
        });
      }
    }
  }
}
writeFileSync(process.argv[2] ?? '/tmp/omission.json', JSON.stringify(out));
