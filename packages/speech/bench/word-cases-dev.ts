// Development helper: per expected word of the correct / replaced / omitted cases, the final type
// and score, the omission evidence, the phones, fillers and phone-loop segments (dataset.ts
// calibrationCases: CAL_* environment). usage: BENCH_CACHE=<dir> tsx bench/word-cases-dev.ts out.json
import { writeFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { wordResults } from '../src/evaluator/scores';
import { calibrationCases } from './dataset';

const ev = await loadEvaluator();
const out: unknown[] = [];
for await (const c of calibrationCases()) {
  const { analysis } = await ev.analyse(c.samples, c.text);
  const res = wordResults(analysis, c.words);
  out.push({
    kind: c.kind,
    target: c.target,
    speed: c.speed,
    tone: c.tone,
    text: c.words,
    spoken: c.spoken,
    nFrames: analysis.nFrames,
    words: res.map((w, i) => ({
      word: w.word,
      type: w.type,
      score: w.score,
      target: i === c.target,
      ev: analysis.omission?.[i],
      phones: analysis.words[i]!.phones.map((p) => [p.phone, p.start, p.end, Math.round(p.gop * 100) / 100]),
    })),
    fillers: analysis.fillers.map((f) => [f.phone, f.start, f.end, f.before]),
    loop: analysis.loopPhones.map((p) => [p.phone, p.start, p.end]),
  });
}
writeFileSync(process.argv[2] ?? '/tmp/word-cases.json', JSON.stringify(out));
