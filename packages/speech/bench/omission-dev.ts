// Development helper: omission evidence (align.ts OmissionEvidence) for every expected word of the
// correct / replaced / omitted cases of the calibration set (dataset.ts calibrationCases: CAL_*
// environment). SKIP_PENALTY overrides pass B's skip penalty. usage: tsx bench/omission-dev.ts out.json
import { writeFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { calibrationCases } from './dataset';

const ev = await loadEvaluator();
const opts = process.env.SKIP_PENALTY ? { skipPenalty: Number(process.env.SKIP_PENALTY) } : {};
const out: unknown[] = [];
for await (const c of calibrationCases()) {
  const { analysis } = await ev.analyse(c.samples, c.text, opts);
  out.push({
    kind: c.kind,
    target: c.target,
    speed: c.speed,
    tone: c.tone,
    words: analysis.omission?.map((e, i) => ({
      ...e,
      target: i === c.target,
      omitted: analysis.words[i]!.skipped,
    })),
    // Final alignment: phone, frames and GOP per word (for bench/calibrate-durations.ts and
    // bench/calibrate-phones.ts).
    phones: analysis.words.map((w) => w.phones.map((p) => [p.phone, p.end - p.start + 1, p.gop])),
  });
}
writeFileSync(process.argv[2] ?? '/tmp/omission.json', JSON.stringify(out));
