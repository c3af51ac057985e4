// Verification against Debian's pocketsphinx / sphinxbase (reference implementation of the same
// model). Only used by the benchmark; skipped when the tools cannot be installed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeWav } from '../src/audio/wav';
import { MfccExtractor } from '../src/frontend/mfcc';
import type { Evaluator } from '../src/evaluator/evaluator';
import { defaultModelDir } from '../src/model/acoustic-model';
import { pronunciations } from '../src/lexicon/lexicon';
import { splitWords } from '../src/text/tokenize';
import { pearson } from './metrics';
import { PHONE_INSERTION_PENALTY } from '../src/decoder/phone-loop';
import {
  ensureSphinxTools,
  sphinxCepstra,
  sphinxForced,
  sphinxMdef,
  sphinxPhoneLoop,
  readSenoneLog,
  type SphinxMdefPhone,
  type SphinxSegment,
} from './sphinx-reference';
import { caseSeed, replaceOneWord, SENTENCES, rng, speak, words as textWords } from './dataset';

export interface Verification {
  available: boolean;
  featureMaxAbsDiff?: number;
  featureMeanAbsDiff?: number;
  boundaryFramesMedian?: number;
  boundaryWithin3?: number;
  phonesCompared?: number;
  /** Phones whose senone ids differ between our mdef reader and pocketsphinx's (of `senonePhones`). */
  senoneIdsDiffering?: number;
  senonePhones?: number;
  gop?: GopComparison;
}

export interface GopComparison {
  /** Utterances compared / attempted (skipped: no pocketsphinx alignment or phone counts differ). */
  utterances: number;
  attempted: number;
  phones: number;
  pearson: number;
  spearman: number;
  /**
   * Pearson with the phones of a one-phone-per-"word" grammar instead (pocketsphinx's own phone
   * boundaries, but single-phone-word triphones and optional silence between all phones).
   */
  pearsonPhoneGrammar: number;
  /**
   * Share of words whose re-aligned frame scores sum to pocketsphinx's word acoustic score within
   * 0.1 nats per frame (i.e. the reconstruction used the decoder's triphones and path).
   */
  wordsReproduced: number;
  /** Max over loop segments of |Σ per-frame loop scores − pocketsphinx's ascr| / frames (nats; check). */
  loopCheck: number;
  /** Mean |ours − pocketsphinx| per phone, nats per frame. */
  meanAbsDiff: number;
  /** Least-squares slope of pocketsphinx's GOP on ours, and both means. */
  slope: number;
  meanOurs: number;
  meanRef: number;
  /** Per word: mean of its phones' GOP. */
  words: number;
  wordPearson: number;
  wordSpearman: number;
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
  try {
    const mdef = sphinxMdef(defaultModelDir(), path.join(dir, 'mdef.txt'));
    const ids = compareSenoneIds(ev, mdef);
    out.senonePhones = ids.phones;
    out.senoneIdsDiffering = ids.differing;
    out.gop = await compareGop(ev, dir, mdef);
  } catch (e) {
    console.error('GOP comparison failed:', (e as Error).message);
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

/**
 * The GOP test utterances: benchmark voices 2–6, speeds and seeds as in collect.ts (so the cached
 * audio is shared), each read text once as read and once with one word replaced by another
 * (collect.ts's "replaced" case), so that the GOP spans good and wrong phones.
 */
const GOP_CASES: Array<{ sentence: number; tone: number; speed: number }> = [
  { sentence: 0, tone: 2, speed: 1 },
  { sentence: 1, tone: 3, speed: 0.8 },
  { sentence: 2, tone: 4, speed: 1.3 },
  { sentence: 3, tone: 5, speed: 1 },
  { sentence: 4, tone: 6, speed: 0.8 },
  { sentence: 6, tone: 2, speed: 1.3 },
  { sentence: 8, tone: 4, speed: 1 },
  { sentence: 9, tone: 6, speed: 1 },
];

/**
 * GOP against pocketsphinx on the same model and the same cepstra (sphinx_fe, batch CMN).
 * Reference per phone: pocketsphinx's forced alignment of the phone sequence our final alignment
 * chose (same pronunciation variants, omitted words left out), one phone per grammar "word",
 * gives each phone its frames and acoustic score; pocketsphinx's free CI phone loop (uniform
 * phone LM, same insertion penalty as ours) gives its phone segments, re-aligned on pocketsphinx's
 * own logged senone scores to get per-frame loop scores; GOP_ref = (forced − loop) / frames.
 * Per word: a second forced alignment with the real words (word-internal triphones, as ours).
 * Scores are in nats; both runs use -compallsen yes, so pocketsphinx's per-frame normalisation
 * (best senone = 0) is identical in both and cancels in the difference.
 */
async function compareGop(ev: Evaluator, dir: string, mdef: SphinxMdefPhone[]): Promise<GopComparison> {
  const modelDir = defaultModelDir();
  const ciPhones = mdef.filter((p) => p.left === '-').map((p) => p.base);
  const ciUnit = new Map(
    mdef.filter((p) => p.left === '-').map((p) => [p.base, { senones: p.senones, trans: ev.model.tmat[p.tmat]! }]),
  );
  const tri = new Map(mdef.map((p) => [`${p.base} ${p.left} ${p.right} ${p.wpos}`, p]));
  const triphone = (base: string, left: string, right: string, wpos: string): HmmUnitRef => {
    // As pocketsphinx's bin_mdef_phone_id_nearest: the word position asked for, then the others.
    for (const w of [wpos, 'i', 'b', 'e', 's']) {
      const p = tri.get(`${base} ${left} ${right} ${w}`);
      if (p) return { senones: p.senones, trans: ev.model.tmat[p.tmat]! };
    }
    return ciUnit.get(base)!;
  };
  const ours: number[] = [];
  const refs: number[] = [];
  const oursPg: number[] = [];
  const phoneGrammar: number[] = [];
  let wordsReproduced = 0;
  const wordOurs: number[] = [];
  const wordRefs: number[] = [];
  let loopCheck = 0;
  let utterances = 0;
  let attempted = 0;
  for (const c of GOP_CASES) {
    const text = SENTENCES[c.sentence]!;
    const seed = caseSeed(c.sentence, c.tone, [], c.speed);
    const u = await speak(text, c.tone, c.speed, 20, seed);
    const r = rng(seed);
    r(); // collect.ts draws the wrong-text sentence first
    const ws = textWords(text);
    const replaced = replaceOneWord(ws, r).words.join(' ');
    // The WAV file's 16-bit samples, scaled as decodeWav does (our front end multiplies by 32768).
    const q = new Float32Array(u.samples.length);
    for (let i = 0; i < q.length; i++)
      q[i] = Math.max(-32768, Math.min(32767, Math.round(u.samples[i]! * 32767))) / 32768;
    const id = `g${c.sentence}_${c.tone}_${Math.round(c.speed * 10)}`;
    const wavPath = path.join(dir, `${id}.wav`);
    writeFileSync(wavPath, writeWav(u.samples, 16000));
    sphinxCepstra(wavPath, path.join(dir, `${id}.mfc`));
    const senDir = path.join(dir, `${id}-sen`);
    const loop = sphinxPhoneLoop(modelDir, dir, id, ciPhones, PHONE_INSERTION_PENALTY, senDir);
    if (loop.length === 0) continue;
    // Every senone is scored in every frame (-compallsen), so this log serves the forced runs too.
    const sen = readSenoneLog(senDir);
    rmSync(senDir, { recursive: true, force: true });
    const loopFrame = loopFrameScores(ciUnit, loop, sen);
    for (const seg of loop) {
      let sum = 0;
      for (let t = seg.start; t <= seg.end; t++) sum += loopFrame[t]!;
      loopCheck = Math.max(loopCheck, Math.abs(sum - seg.ascr) / (seg.end - seg.start + 1));
    }
    const loopOver = (s: SphinxSegment) => {
      let l = 0;
      for (let t = s.start; t <= s.end; t++) l += loopFrame[t]!;
      return l;
    };
    for (const t of [text, replaced]) {
      attempted++;
      const { analysis } = await ev.analyse(q, t);
      const words = analysis.words.filter((w) => !w.skipped && w.phones.length > 0);
      const phones = words.flatMap((w) => w.phones);
      const forced = sphinxForced(
        modelDir,
        dir,
        id,
        phones.map((p) => [p.phone]),
        'p',
      ).filter((x) => /^p\d+$/.test(x.word));
      const allSegs = sphinxForced(
        modelDir,
        dir,
        id,
        words.map((w) => w.phones.map((p) => p.phone)),
        'w',
      );
      const forcedWords = allSegs.filter((x) => /^w\d+$/.test(x.word));
      if (forcedWords.length !== words.length) continue;
      utterances++;
      // Phones inside pocketsphinx's word segments, re-aligned on its own senone scores with the
      // triphones its decoder uses (word-internal positions, cross-word contexts, SIL after a pause).
      const units = words.map((w) => w.phones.map((p) => p.phone));
      const { phoneFrames, reproduced } = realignWords(triphone, forcedWords, allSegs, units, sen);
      wordsReproduced += reproduced;
      const frameScore = phoneFrames.frame;
      let k = 0;
      words.forEach((w, i) => {
        let d = 0;
        let n = 0;
        for (const p of w.phones) {
          const seg = phoneFrames.phones[k++]!;
          let f = 0;
          for (let t = seg.start; t <= seg.end; t++) f += frameScore[t]! - loopFrame[t]!;
          ours.push(p.gop);
          refs.push(f / (seg.end - seg.start + 1));
          d += p.gop * (p.end - p.start + 1);
          n += p.end - p.start + 1;
        }
        const s = forcedWords[i]!;
        wordOurs.push(d / n);
        wordRefs.push((s.ascr - loopOver(s)) / (s.end - s.start + 1));
      });
      if (forced.length === phones.length) {
        forced.forEach((s, i) => {
          oursPg.push(phones[i]!.gop);
          phoneGrammar.push((s.ascr - loopOver(s)) / (s.end - s.start + 1));
        });
      }
    }
  }
  const n = ours.length;
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / Math.max(1, a.length);
  const mo = mean(ours);
  const mr = mean(refs);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (ours[i]! - mo) * (refs[i]! - mr);
    sxx += (ours[i]! - mo) ** 2;
  }
  return {
    utterances,
    attempted,
    phones: n,
    pearson: pearson(ours, refs),
    spearman: pearson(ranks(ours), ranks(refs)),
    pearsonPhoneGrammar: pearson(oursPg, phoneGrammar),
    wordsReproduced: wordsReproduced / Math.max(1, wordOurs.length),
    loopCheck,
    meanAbsDiff: mean(ours.map((x, i) => Math.abs(x - refs[i]!))),
    slope: sxy / Math.max(1e-12, sxx),
    meanOurs: mo,
    meanRef: mr,
    words: wordOurs.length,
    wordPearson: pearson(wordOurs, wordRefs),
    wordSpearman: pearson(ranks(wordOurs), ranks(wordRefs)),
  };
}

interface HmmUnitRef {
  senones: number[];
  trans: Float32Array;
}

/**
 * Phone boundaries inside pocketsphinx's word segments: each word is re-aligned on its own frames
 * on pocketsphinx's logged senone scores, through the triphones its decoder builds for it (word
 * positions b/i/e/s; cross-word contexts from the neighbouring word segments, SIL next to a silence
 * or filler segment or at the ends). Frame t gets its state's senone score plus the transition into
 * it (a phone's exit on its last frame), so a word's frames sum to its acoustic score in the
 * backtrace when the triphones are the decoder's (checked: the largest difference per frame).
 */
function realignWords(
  triphone: (base: string, left: string, right: string, wpos: string) => HmmUnitRef,
  words: SphinxSegment[],
  all: SphinxSegment[],
  prons: string[][],
  sen: { nSenones: number; nFrames: number; data: Float32Array },
): { phoneFrames: { frame: Float64Array; phones: Array<{ start: number; end: number }> }; reproduced: number } {
  const frame = new Float64Array(sen.nFrames);
  const phones: Array<{ start: number; end: number }> = [];
  let reproduced = 0;
  words.forEach((w, wi) => {
    const pron = prons[wi]!;
    const at = all.indexOf(w);
    const prev = all[at - 1];
    const next = all[at + 1];
    // Cross-word contexts: the neighbouring word's phone, SIL next to a silence or filler. A
    // single-phone word takes SIL as its right context (fsg_lextree.c: "left diphone ID for
    // single-phone words already assumes SIL is right context").
    const left = prev && /^w\d+$/.test(prev.word) ? prons[wi - 1]!.at(-1)! : 'SIL';
    const right = next && /^w\d+$/.test(next.word) && pron.length > 1 ? prons[wi + 1]![0]! : 'SIL';
    const units = pron.map((ph, i) =>
      triphone(
        ph,
        i === 0 ? left : pron[i - 1]!,
        i === pron.length - 1 ? right : pron[i + 1]!,
        pron.length === 1 ? 's' : i === 0 ? 'b' : i === pron.length - 1 ? 'e' : 'i',
      ),
    );
    const S = units.length * 3;
    const len = w.end - w.start + 1;
    const em = (t: number, s: number) =>
      sen.data[(w.start + t) * sen.nSenones + units[Math.floor(s / 3)]!.senones[s % 3]!]!;
    // Transition score from state q to state s (q = s or s − 1; across phones: the exit).
    const tr = (q: number, s: number) => {
      const u = units[Math.floor(q / 3)]!.trans;
      return q === s ? u[(q % 3) * 5]! : q % 3 === 2 ? u[11]! : u[(q % 3) * 4 + (q % 3) + 1]!;
    };
    const delta = new Float64Array(len * S).fill(-Infinity);
    const back = new Int32Array(len * S);
    delta[0] = em(0, 0);
    for (let t = 1; t < len; t++) {
      for (let s = 0; s < S; s++) {
        let best = delta[(t - 1) * S + s]! + tr(s, s);
        let from = s;
        if (s > 0) {
          const v = delta[(t - 1) * S + s - 1]! + tr(s - 1, s);
          if (v > best) {
            best = v;
            from = s - 1;
          }
        }
        delta[t * S + s] = best + em(t, s);
        back[t * S + s] = from;
      }
    }
    let s = S - 1;
    if (delta[(len - 1) * S + s] === -Infinity) throw new Error('word segment too short to re-align');
    const ends = new Int32Array(units.length).fill(-1);
    const starts = new Int32Array(units.length).fill(-1);
    const add = (t: number, v: number) => {
      frame[w.start + t] = frame[w.start + t]! + v;
      sum += v;
    };
    let sum = 0;
    add(len - 1, units.at(-1)!.trans[11]!);
    for (let t = len - 1; t >= 0; t--) {
      const q = back[t * S + s]!;
      const ph = Math.floor(s / 3);
      if (ends[ph]! < 0) ends[ph] = w.start + t;
      starts[ph] = w.start + t;
      add(t, em(t, s));
      // The transition into this frame's state; a phone's exit goes to its own last frame.
      if (t > 0) add(q !== s && s % 3 === 0 ? t - 1 : t, tr(q, s));
      s = q;
    }
    if (Math.abs(sum - w.ascr) / len <= 0.1) reproduced++;
    units.forEach((_, i) => phones.push({ start: starts[i]!, end: ends[i]! }));
  });
  return { phoneFrames: { frame, phones }, reproduced };
}

/**
 * Per-frame phone-loop scores from pocketsphinx's own senone scores: each loop segment (a CI phone,
 * senones and transition matrix as pocketsphinx's mdef gives them) is re-aligned on its own frames
 * (the best path inside a segment is the one the decoder took); frame t gets its state's senone
 * score plus the transition into that state (the last frame also the exit), so a segment's frames
 * sum to its acoustic score in the backtrace (checked: loopCheck).
 */
function loopFrameScores(
  ciUnit: Map<string, HmmUnitRef>,
  loop: SphinxSegment[],
  sen: { nSenones: number; nFrames: number; data: Float32Array },
): Float64Array {
  const out = new Float64Array(sen.nFrames);
  for (const seg of loop) {
    const unit = ciUnit.get(seg.word);
    if (!unit) throw new Error(`unknown loop phone ${seg.word}`);
    const tr = unit.trans;
    const len = seg.end - seg.start + 1;
    const em = (t: number, st: number) => sen.data[(seg.start + t) * sen.nSenones + unit.senones[st]!]!;
    const delta = new Float64Array(len * 3).fill(-Infinity);
    const back = new Int8Array(len * 3);
    delta[0] = em(0, 0);
    for (let t = 1; t < len; t++) {
      for (let st = 0; st < 3; st++) {
        for (let q = 0; q <= st; q++) {
          const v = delta[(t - 1) * 3 + q]! + tr[q * 4 + st]!;
          if (v > delta[t * 3 + st]!) {
            delta[t * 3 + st] = v;
            back[t * 3 + st] = q;
          }
        }
        delta[t * 3 + st] = delta[t * 3 + st]! + em(t, st);
      }
    }
    let st = 2;
    out[seg.end] = tr[2 * 4 + 3]!;
    for (let t = len - 1; t >= 0; t--) {
      const q = back[t * 3 + st]!;
      out[seg.start + t] = out[seg.start + t]! + em(t, st) + (t > 0 ? tr[q * 4 + st]! : 0);
      st = q;
    }
  }
  return out;
}

/**
 * How many phones (CI phones and triphones) get other senone ids from our mdef reader than
 * pocketsphinx reads from the same file.
 */
function compareSenoneIds(ev: Evaluator, mdef: SphinxMdefPhone[]): { phones: number; differing: number } {
  const { phoneSsid, sseq, nEmit } = ev.model.mdef;
  let differing = 0;
  mdef.forEach((p, i) => {
    if (p.senones.some((s, st) => sseq[phoneSsid[i]! * nEmit + st] !== s)) differing++;
  });
  return { phones: mdef.length, differing };
}

/** Ranks with ties averaged (for Spearman's correlation). */
function ranks(x: number[]): number[] {
  const idx = x.map((_, i) => i).sort((a, b) => x[a]! - x[b]!);
  const r = new Array<number>(x.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && x[idx[j + 1]!] === x[idx[i]!]) j++;
    for (let k = i; k <= j; k++) r[idx[k]!] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}
