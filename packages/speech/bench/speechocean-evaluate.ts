// Evaluates speechocean762 readings in bulk (in this process, not through the server), one JSON
// line per evaluation: the experts' median scores, our scores and word decisions, and
// the evidence of the expert mappings (src/evaluator/expert-features.ts) — the input of
// bench/calibrate-expert.ts and bench/speechocean-figures.ts.
// CLI: SPEECHOCEAN_DIR=/data/speechocean762 tsx bench/speechocean-dump.ts test|train out.jsonl
// SO_EVERY=k keeps every k-th reading (subsample); SO_CHECK_EVERY=k (default 4; 0 = none) also
// evaluates every k-th reading against a wrong text (another reading's text with the same number
// of words when there is one) and against its text with one extra word it never said.
// An existing output file is resumed (evaluations already written are skipped).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadEvaluator } from '../src/evaluator/evaluator';
import { MfccExtractor } from '../src/frontend/mfcc';
import { fluencyParts, summarise, wordResults } from '../src/evaluator/scores';
import { expertFeatures } from '../src/evaluator/expert-features';
import { pronunciations } from '../src/lexicon/lexicon';
import type { Analysis, OmissionEvidence } from '../src/evaluator/align';
import { splitWords, type TextWord } from '../src/text/tokenize';
import { textCheckFeatures } from '../src/evaluator/text-check';
import { childWarpsFromEnv, WarpedScorer } from '../src/evaluator/vtln';
import { analyseScores, planAnalysis } from '../src/evaluator/align';
import { rng } from './dataset';
import { CHILD_MAX_AGE, readAudio, readSplit, type SpeechoceanSplit } from './speechocean';

export type DumpKind = 'right' | 'wrong' | 'extra';

export interface DumpRecord {
  id: string;
  speaker: string;
  age: number;
  kind: DumpKind;
  text: string;
  /** For 'extra': index of the word the reader never said. */
  extra?: number;
  expert: { total: number; accuracy: number; fluency: number; completeness: number; prosodic: number; words: number[] };
  ours: { total: number; accuracy: number; fluency: number; integrity: number; words: Array<[number, string]> };
  sentence: number[];
  words: number[][];
  durationMs: number;
  cpuMs: number;
  /** text-check.ts features (absent in dumps made before it). */
  textCheck?: number[];
  /** VTLN warp of the front end (SO_WARP; absent = 1) and the acoustic log-likelihood of the
   *  final forced alignment and of the phone loop over all frames, to choose a warp per reading. */
  warp?: number;
  forcedLogLik?: number;
  loopLogLik?: number;
  /** The omission decision's evidence per expected word (align.ts), for bench/calibrate-omission-real.ts. */
  omission?: OmissionEvidence[];
}

export interface DumpOptions {
  dir: string;
  split: SpeechoceanSplit;
  out: string;
  /** Keep every k-th reading. */
  every: number;
  /** Wrong-text and extra-word checks on every k-th kept reading (0 = none). */
  checkEvery: number;
  /** VTLN warp factor of the front end for every reading (1 = none); 'reader' (default): as the
   *  product hears its readers, children (age ≤ CHILD_MAX_AGE) through the children's grid (the
   *  warp chosen per reading: vtln.ts WarpedScorer; ONDOKU_SPEECH_CHILD_WARPS), adults at 1. */
  warp?: number | 'reader';
  /** Only the readings of children (age ≤ CHILD_MAX_AGE) or of the others. */
  group?: 'children' | 'adults';
  /** Only these kinds of evaluation (default all). */
  kinds?: DumpKind[];
  /** Only the readings that get the checks. */
  checkedOnly?: boolean;
  /** [k, n]: only the kept readings with index ≡ k mod n (of the checked ones with checkedOnly), to
   *  share the work between processes. */
  part?: [number, number];
}

export function readDump(file: string): DumpRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as DumpRecord);
}

export async function dumpSpeechocean({
  dir,
  split,
  out,
  every,
  checkEvery,
  warp = 'reader',
  group,
  kinds,
  checkedOnly,
  part,
}: DumpOptions): Promise<DumpRecord[]> {
  const all = readSplit(dir, split);
  const readings = all.filter((_, i) => i % every === 0);
  const done = new Set(readDump(out).map((r) => `${r.id}/${r.kind}`));

  const ev = await loadEvaluator();
  const extractors = new Map<number, MfccExtractor>();
  const childGrid = childWarpsFromEnv();
  // SO_WARP_FRAMES: voiced frames heard before the warp is chosen (measurements; vtln.ts default).
  const decisionFrames = process.env.SO_WARP_FRAMES ? Number(process.env.SO_WARP_FRAMES) : undefined;
  const warpOf = (age: number) => (warp === 'reader' ? (age <= CHILD_MAX_AGE ? childGrid : 1) : warp);
  const mfccOf = (w: number) => {
    if (w === 1) return undefined;
    if (!extractors.has(w)) extractors.set(w, new MfccExtractor(ev.model.params, w));
    return extractors.get(w);
  };
  const sum = (xs: Float32Array) => xs.reduce((a, b) => a + b, 0);

  async function evaluate(samples: Float32Array, text: string, age: number) {
    const grid = warpOf(age);
    const t0 = process.cpuUsage();
    let w: number;
    let analysis: Analysis;
    let words: TextWord[];
    if (Array.isArray(grid)) {
      // As the evaluator's stream does (evaluator.ts): the warp chosen on the first seconds.
      words = splitWords(text);
      const plan = planAnalysis(ev.model, await Promise.all(words.map((x) => pronunciations(x.text))));
      const scorer = new WarpedScorer(ev.model, grid, decisionFrames);
      scorer.setSenones(plan.senones, plan.forced);
      for (let o = 0; o < samples.length; o += 8000) scorer.push(samples.subarray(o, o + 8000));
      const chosen = scorer.finish();
      w = chosen.warp;
      analysis = analyseScores(ev.model, plan, chosen.scores, chosen.passA);
    } else {
      w = grid;
      const mfcc = mfccOf(w);
      ({ analysis, words } = await ev.analyse(samples, text, mfcc ? { mfcc } : {}));
    }
    const prons = await Promise.all(words.map((w) => pronunciations(w.text)));
    const phones = prons.reduce((n, p) => n + (p[0]?.length ?? 1), 0);
    const expected = wordResults(
      analysis,
      words.map((w) => w.text),
    );
    const scores = summarise(analysis, expected, phones);
    const feats = expertFeatures(analysis, expected, scores, fluencyParts(analysis, phones));
    const textCheck = textCheckFeatures(analysis);
    const cpu = process.cpuUsage(t0);
    return {
      ours: {
        total: scores.total_score,
        accuracy: scores.accuracy_score,
        fluency: scores.fluency_score,
        integrity: scores.integrity_score,
        words: expected.map((w) => [w.score, w.type] as [number, string]),
      },
      ...feats,
      textCheck,
      ...(w !== 1 ? { warp: w } : {}),
      forcedLogLik: sum(analysis.forcedFrame),
      loopLogLik: sum(analysis.loopFrame),
      ...(analysis.omission ? { omission: analysis.omission } : {}),
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  }

  let audioMs = 0;
  let cpuMs = 0;
  let n = 0;
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i]!;
    if (group && r.age <= CHILD_MAX_AGE !== (group === 'children')) continue;
    const checked = checkEvery > 0 && i % checkEvery === 0;
    if (checkedOnly && !checked) continue;
    // With checkedOnly the parts share the checked readings.
    if (part && (checkedOnly ? Math.floor(i / checkEvery) : i) % part[1] !== part[0]) continue;
    const jobs: Array<{ kind: DumpKind; text: string; extra?: number }> = [{ kind: 'right', text: r.text }];
    if (checked) {
      const ws = r.text.split(/\s+/);
      const rand = rng(Number(r.id) % 100_003);
      // A wrong text: another prompt of the same split, with as many words when possible.
      const others = all.filter((o) => o.text !== r.text);
      const same = others.filter((o) => o.text.split(/\s+/).length === ws.length);
      const pool = same.length ? same : others;
      jobs.push({ kind: 'wrong', text: pool[Math.floor(rand() * pool.length)]!.text });
      // One extra word: a word of another prompt that this text does not hold, at a random place.
      const words = others.flatMap((o) => o.text.split(/\s+/)).filter((w) => !ws.includes(w) && w.length > 1);
      const extra = Math.floor(rand() * (ws.length + 1));
      const withExtra = [...ws.slice(0, extra), words[Math.floor(rand() * words.length)]!, ...ws.slice(extra)];
      jobs.push({ kind: 'extra', text: withExtra.join(' '), extra });
    }
    const todo = jobs.filter((j) => !done.has(`${r.id}/${j.kind}`) && (!kinds || kinds.includes(j.kind)));
    if (todo.length === 0) continue;
    const samples = readAudio(r);
    const durationMs = (samples.length / 16000) * 1000;
    for (const j of todo) {
      const res = await evaluate(samples, j.text, r.age);
      const rec: DumpRecord = {
        id: r.id,
        speaker: r.speaker,
        age: r.age,
        kind: j.kind,
        text: j.text,
        ...(j.extra !== undefined ? { extra: j.extra } : {}),
        expert: r.expert,
        ...res,
        durationMs,
      };
      appendFileSync(out, JSON.stringify(rec) + '\n');
      audioMs += durationMs;
      cpuMs += res.cpuMs;
      n++;
    }
    if (i % 50 === 0)
      console.error(
        `${i + 1}/${readings.length} readings, ${n} evaluations, RTF ${(cpuMs / Math.max(1, audioMs)).toFixed(3)}`,
      );
  }
  console.error(
    `done: ${n} evaluations, ${(audioMs / 1000).toFixed(0)} s of audio, RTF (CPU) ${(cpuMs / Math.max(1, audioMs)).toFixed(3)}`,
  );
  return readDump(out);
}
