// Calibration of the replay check (src/audio/replay.ts; README.md, "Replayed model audio").
//
//   SPEECHOCEAN_DIR=… tsx bench/replay-calibrate.ts measure train /tmp/replay-train.json
//   SPEECHOCEAN_DIR=… tsx bench/replay-calibrate.ts measure test  /tmp/replay-test.json
//   tsx bench/replay-calibrate.ts report /tmp/replay-train.json /tmp/replay-test.json
//
// `measure`: for each real reading of the split, its text is synthesised as the library makes
// model audio (eSpeak, the model voice, tone type 5, normal speed, first take) and the reading is
// matched against it (a real child or adult reading the same text: a false alarm if it passes);
// every POSITIVE_EVERY-th text's model audio is also "replayed" through each degradation of
// bench/replay-degrade.ts and matched (a detection if it passes). Train: the children's readings
// (age ≤ 12) and every ADULT_EVERY-th adult's; test: every reading. Synthesised audio is cached in
// REPLAY_CACHE (default /tmp/ondoku-replay-cache), so a second run only fingerprints.
// `report`: the threshold chosen on train (below), its false alarms and detections on test.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { parseWav, writeWav } from '../src/audio/wav';
import { matchReplay, replayFingerprintOf, replayReferenceOf, REPLAY_THRESHOLD } from '../src/audio/replay';
import { synthesize } from '../src/tts/synthesize';
import { CHILD_MAX_AGE, readAudio, readSplit, speechoceanDir, type SpeechoceanSplit } from './speechocean';
import { DEGRADATIONS } from './replay-degrade';

const MODEL_TONE = 5;
const POSITIVE_EVERY = Number(process.env.POSITIVE_EVERY ?? 10);
const ADULT_EVERY = Number(process.env.ADULT_EVERY ?? 4);
const CACHE = process.env.REPLAY_CACHE ?? '/tmp/ondoku-replay-cache';

interface Negative {
  id: string;
  age: number;
  seconds: number;
  matched: number;
  pairs: number;
}
interface Positive {
  id: string;
  degradation: string;
  matched: number;
  pairs: number;
}
interface Measured {
  split: SpeechoceanSplit;
  negatives: Negative[];
  positives: Positive[];
  /** Fingerprinting (and matching) time per second of audio, ms. */
  msPerAudioSecond: number;
}

async function modelAudio(text: string): Promise<Float32Array> {
  const file = path.join(CACHE, `${createHash('sha256').update(`${MODEL_TONE}|${text}`).digest('hex')}.wav`);
  if (existsSync(file)) return parseWav(new Uint8Array(readFileSync(file))).samples;
  const { samples } = await synthesize({ text, toneType: MODEL_TONE, speed: 1, take: 0 });
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, writeWav(samples, 16_000));
  return samples;
}

async function measure(split: SpeechoceanSplit, out: string) {
  const dir = speechoceanDir();
  if (!dir) return;
  const all = readSplit(dir, split);
  let adults = 0;
  const readings = all.filter((r) => split === 'test' || r.age <= CHILD_MAX_AGE || adults++ % ADULT_EVERY === 0);
  const result: Measured = { split, negatives: [], positives: [], msPerAudioSecond: 0 };
  let fpMs = 0;
  let fpSeconds = 0;
  const started = Date.now();
  for (const [i, r] of readings.entries()) {
    const model = await modelAudio(r.text);
    const real = readAudio(r);
    const t0 = performance.now();
    const reference = replayReferenceOf(replayFingerprintOf(model));
    const m = matchReplay(replayFingerprintOf(real), reference);
    fpMs += performance.now() - t0;
    fpSeconds += (model.length + real.length) / 16_000;
    result.negatives.push({ id: r.id, age: r.age, seconds: real.length / 16_000, matched: m.matched, pairs: m.pairs });
    if (i % POSITIVE_EVERY === 0) {
      for (const [k, d] of DEGRADATIONS.entries()) {
        const replay = d.apply(model, i * 31 + k);
        const p = matchReplay(replayFingerprintOf(replay), reference);
        result.positives.push({ id: r.id, degradation: d.name, matched: p.matched, pairs: p.pairs });
      }
    }
    if (i % 100 === 0)
      console.error(`${split}: ${i}/${readings.length} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  result.msPerAudioSecond = fpMs / fpSeconds;
  writeFileSync(out, JSON.stringify(result));
  console.error(`${split}: ${readings.length} readings, ${result.positives.length} replays → ${out}`);
}

/**
 * The threshold: a real reading of train raised neither figure to more than two thirds of it —
 * the pairs at one offset at least 1.5 × the most any real reading of train shares with its model
 * audio, and their share of the reading's pairs at least 1.5 × the largest share (rounded up to
 * 0.005). A replay must pass both; a real reading would have to beat both worst cases by half.
 */
function chooseThreshold(train: Measured) {
  const worst = Math.max(...train.negatives.map((n) => n.matched));
  const worstRatio = Math.max(...train.negatives.map((n) => (n.pairs ? n.matched / n.pairs : 0)));
  return {
    minMatched: Math.ceil(1.5 * worst),
    minRatio: Math.ceil((1.5 * worstRatio) / 0.005) * 0.005,
    worst,
    worstRatio,
  };
}

function report(trainFile: string, testFile: string) {
  const train = JSON.parse(readFileSync(trainFile, 'utf8')) as Measured;
  const test = JSON.parse(readFileSync(testFile, 'utf8')) as Measured;
  const th = chooseThreshold(train);
  const hit = (x: { matched: number; pairs: number }) =>
    x.matched >= th.minMatched && x.pairs > 0 && x.matched / x.pairs >= th.minRatio - 1e-9;
  console.log(
    `threshold (chosen on train): matched ≥ ${th.minMatched}, ratio ≥ ${th.minRatio.toFixed(3)} ` +
      `(train's real readings: at most ${th.worst} pairs, a share of at most ${th.worstRatio.toFixed(4)})`,
  );
  console.log(
    `in use (src/audio/replay.ts REPLAY_THRESHOLD): matched ≥ ${REPLAY_THRESHOLD.minMatched}, ratio ≥ ${REPLAY_THRESHOLD.minRatio}`,
  );
  for (const m of [train, test]) {
    const kids = m.negatives.filter((n) => n.age <= CHILD_MAX_AGE);
    const worst = [...m.negatives].sort((a, b) => b.matched - a.matched)[0];
    const quantile = (q: number) =>
      [...m.negatives].map((n) => n.matched).sort((a, b) => a - b)[Math.floor(q * (m.negatives.length - 1))];
    console.log(
      `${m.split}: real readings ${m.negatives.length} (children ${kids.length}); false alarms ${m.negatives.filter(hit).length} ` +
        `(children ${kids.filter(hit).length}); matched pairs median ${quantile(0.5)}, 99th pct ${quantile(0.99)}, max ${worst?.matched} (${worst?.id}); ` +
        `fingerprint ${m.msPerAudioSecond.toFixed(2)} ms per audio second`,
    );
    for (const d of DEGRADATIONS) {
      const ps = m.positives.filter((p) => p.degradation === d.name);
      const ms = ps.map((p) => p.matched).sort((a, b) => a - b);
      console.log(
        `  ${m.split} replays, ${d.name}: detected ${ps.filter(hit).length}/${ps.length} ` +
          `(${((100 * ps.filter(hit).length) / Math.max(1, ps.length)).toFixed(1)} %), matched min ${ms[0]} median ${ms[ms.length >> 1]}`,
      );
    }
  }
}

const [mode, a, b] = process.argv.slice(2);
if (mode === 'measure' && (a === 'train' || a === 'test') && b) await measure(a, b);
else if (mode === 'report' && a && b) report(a, b);
else console.error('usage: replay-calibrate.ts measure train|test out.json | report train.json test.json');
