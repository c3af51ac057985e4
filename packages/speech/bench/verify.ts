// Verification against Debian's pocketsphinx / sphinxbase (reference implementation of the same
// model). Only used by the benchmark; skipped when the tools cannot be installed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeWav } from '../src/audio/wav';
import { MfccExtractor } from '../src/frontend/mfcc';
import type { Evaluator } from '../src/evaluator/evaluator';
import { defaultModelDir } from '../src/model/acoustic-model';
import { pronunciations } from '../src/lexicon/lexicon';
import { splitWords } from '../src/text/tokenize';
import { ensureSphinxTools, sphinxCepstra } from './sphinx-reference';
import { speak } from './dataset';

export interface Verification {
  available: boolean;
  featureMaxAbsDiff?: number;
  featureMeanAbsDiff?: number;
  boundaryFramesMedian?: number;
  boundaryWithin3?: number;
  phonesCompared?: number;
}

export async function verifyAgainstPocketsphinx(ev: Evaluator): Promise<Verification> {
  if (!ensureSphinxTools()) return { available: false };
  const dir = mkdtempSync(path.join(tmpdir(), 'ondoku-verify-'));
  const u = await speak('My sister reads a book in the library every morning.', 3, 1, 30, 9);
  // Quantise exactly as the WAV file does, so both sides see identical samples.
  const wavPath = path.join(dir, 'a.wav');
  writeFileSync(wavPath, writeWav(u.samples, 16000));
  const q = new Float32Array(u.samples.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.max(-32768, Math.min(32767, Math.round(u.samples[i]! * 32767)));
  const ours = new MfccExtractor(ev.model.params).compute(q);
  const ref = sphinxCepstra(wavPath, path.join(dir, 'a.mfc'));
  let max = 0;
  let sum = 0;
  let n = 0;
  for (let t = 0; t < Math.min(ours.length, ref.length); t++) {
    for (let i = 0; i < 13; i++) {
      const d = Math.abs(ours[t]![i]! - ref[t]![i]!);
      max = Math.max(max, d);
      sum += d;
      n++;
    }
  }
  const out: Verification = { available: true, featureMaxAbsDiff: max, featureMeanAbsDiff: sum / n };
  try {
    Object.assign(out, await compareBoundaries(ev, dir, wavPath, u.samples, u.text));
  } catch (e) {
    console.error('phone boundary comparison failed:', (e as Error).message);
  }
  return out;
}

/** Forced phone alignment by pocketsphinx: each phone is a "word" of a one-path JSGF grammar. */
async function compareBoundaries(ev: Evaluator, dir: string, wavPath: string, samples: Float32Array, text: string) {
  const words = splitWords(text);
  const phones = (await Promise.all(words.map((w) => pronunciations(w.text)))).flatMap((p) => p[0] ?? []);
  const names = phones.map((p, i) => `p${i}_${p.toLowerCase()}`);
  writeFileSync(
    path.join(dir, 'phones.dict'),
    names.map((nm, i) => `${nm} ${phones[i]}`).join('\n') + '\nsilence SIL\n',
  );
  writeFileSync(
    path.join(dir, 'g.jsgf'),
    `#JSGF V1.0;\ngrammar g;\npublic <s> = ${names.map((x) => `[silence] ${x}`).join(' ')} [silence];\n`,
  );
  const log = execFileSync(
    'pocketsphinx_continuous',
    [
      '-infile',
      wavPath,
      '-hmm',
      defaultModelDir(),
      '-dict',
      path.join(dir, 'phones.dict'),
      '-jsgf',
      path.join(dir, 'g.jsgf'),
      '-time',
      'yes',
      '-remove_noise',
      'no',
      '-remove_silence',
      'no',
      '-bestpath',
      'no',
      '-fwdflat',
      'no',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const refStarts = new Map<number, number>();
  for (const line of log.split('\n')) {
    const m = /^p(\d+)_\S+\s+([\d.]+)\s+([\d.]+)/.exec(line.trim());
    if (m) refStarts.set(Number(m[1]), Math.round(Number(m[2]) * 100));
  }
  const { analysis } = await ev.analyse(samples, text);
  const ourStarts = analysis.words.flatMap((w) => w.phones.map((p) => p.start));
  const diffs: number[] = [];
  ourStarts.forEach((s, i) => {
    const r = refStarts.get(i);
    if (r !== undefined) diffs.push(Math.abs(s - r));
  });
  diffs.sort((a, b) => a - b);
  return {
    phonesCompared: diffs.length,
    boundaryFramesMedian: diffs[Math.floor(diffs.length / 2)],
    boundaryWithin3: diffs.filter((d) => d <= 3).length / Math.max(1, diffs.length),
  };
}
