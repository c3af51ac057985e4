// The evaluator API used by the server's worker threads and the CLI: load the model once, then
// evaluate readings (16 kHz mono PCM + expected text) into the product's result shape.
import { MfccExtractor } from '../frontend/mfcc';
import { loadAcousticModel, type AcousticModel } from '../model/acoustic-model';
import { pronunciations } from '../lexicon/lexicon';
import { splitSentences, splitWords, type TextWord } from '../text/tokenize';
import { analyse, analyseScores, planAnalysis, type Analysis, type AnalyseOptions } from './align';
import { IncrementalScorer } from '../decoder/incremental-scorer';
import { evaluateHtml, evaluateText } from './markup';
import { insertedWords, wordResults } from './scores';
import { chapterScores, expertScores } from './expert-mapping';
import { CHILD_WARP, mostLikelyWarp, vtlnGridFromEnv } from './vtln';
import type {
  EvaluationCategory,
  EvaluationRequest,
  EvaluationResult,
  Reader,
  SentenceResult,
  WordResult,
} from './types';

export const MAX_TEXT_WORDS = 1000;
export const MAX_AUDIO_SECONDS = 300;

export interface Evaluator {
  readonly model: AcousticModel;
  evaluate(req: EvaluationRequest): Promise<EvaluationResult>;
  /**
   * Incremental evaluation: features and most of the acoustic scoring run in push() as the
   * audio arrives, so finish() only has the static-cepstra stream and the searches left.
   * Same result as evaluate() on the concatenated audio.
   */
  startStream(req: { text: string; category?: EvaluationCategory; reader?: Reader }): EvaluationStream;
  /** Lower level: the acoustic analysis (alignment, GOP) behind a result. */
  analyse(
    samples: Float32Array,
    text: string,
    opts?: AnalyseOptions,
  ): Promise<{ analysis: Analysis; words: TextWord[] }>;
}

export interface EvaluationStream {
  /** 16 kHz mono PCM: Int16 samples or floats in [-1, 1]. Throws past MAX_AUDIO_SECONDS. */
  push(pcm: Int16Array | Float32Array): void;
  /** Audio received so far, in ms. */
  readonly durationMs: number;
  finish(): Promise<EvaluationResult>;
}

export interface LoadEvaluatorOptions {
  modelDir?: string;
}

export interface EvaluatorOptions {
  /** VTLN warp factors tried per reading besides 1 (vtln.ts); default ONDOKU_SPEECH_VTLN, none. */
  vtln?: number[];
}

let shared: Promise<Evaluator> | undefined;

/** Loads the acoustic model once per thread (about 0.2 s, ~40 MB). */
export function loadEvaluator(opts: LoadEvaluatorOptions = {}): Promise<Evaluator> {
  if (opts.modelDir) return Promise.resolve(createEvaluator(loadAcousticModel(opts.modelDir)));
  shared ??= Promise.resolve().then(() => createEvaluator(loadAcousticModel()));
  return shared;
}

export function toFloatSamples(pcm: Int16Array | Float32Array): Float32Array {
  if (pcm instanceof Float32Array) return pcm;
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
  return out;
}

export function createEvaluator(model: AcousticModel, opts: EvaluatorOptions = {}): Evaluator {
  const mfcc = new MfccExtractor(model.params);
  const vtln = opts.vtln ?? vtlnGridFromEnv();
  const maxSamples = MAX_AUDIO_SECONDS * model.params.sampleRate;

  function textWords(text: string): TextWord[] {
    const words = splitWords(text);
    if (words.length === 0) throw new Error('Text has no words to evaluate');
    if (words.length > MAX_TEXT_WORDS) throw new Error('Text is too long to evaluate');
    return words;
  }

  async function analyseText(samples: Float32Array, text: string, opts: AnalyseOptions = {}) {
    const words = textWords(text);
    if (samples.length > maxSamples) throw new Error('Audio is too long to evaluate');
    const prons = await Promise.all(words.map((w) => pronunciations(w.text)));
    return { analysis: analyse(model, samples, prons, { mfcc, ...opts }), words, prons };
  }

  function startStream(req: { text: string; category?: EvaluationCategory; reader?: Reader }): EvaluationStream {
    const text = req.text;
    const category = req.category ?? 'read_sentence';
    const words = textWords(text);
    // Each stream has its own MFCC buffers: streams of one worker may interleave.
    // A child's reading is heard through the children's warp (vtln.ts CHILD_WARP).
    const baseWarp = req.reader === 'child' ? CHILD_WARP : 1;
    const scorer = new IncrementalScorer(model, new MfccExtractor(model.params, baseWarp));
    let nSamples = 0;
    // With VTLN every warp of the grid has its own scorer, fed as the audio arrives (vtln.ts).
    const warped = vtln.map((warp) => ({
      warp,
      scorer: new IncrementalScorer(model, new MfccExtractor(model.params, warp)),
    }));
    let failed: unknown;
    const planned = Promise.all(words.map((w) => pronunciations(w.text))).then((prons) => {
      const plan = planAnalysis(model, prons);
      scorer.setSenones(plan.senones);
      for (const w of warped) w.scorer.setSenones(plan.senones);
      return plan;
    });
    planned.catch((e: unknown) => (failed = e));
    let done = false;
    return {
      push(pcm) {
        if (done) throw new Error('Evaluation already finished');
        if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
        if (nSamples + pcm.length > maxSamples) throw new Error('Audio is too long to evaluate');
        nSamples += pcm.length;
        scorer.push(pcm);
        for (const w of warped) w.scorer.push(pcm);
      },
      get durationMs() {
        return Math.round((nSamples / model.params.sampleRate) * 1000);
      },
      async finish() {
        if (done) throw new Error('Evaluation already finished');
        done = true;
        const plan = await planned;
        const { scores, passA } = mostLikelyWarp(plan.forced, [
          { warp: baseWarp, scores: scorer.finish() },
          ...warped.map((w) => ({ warp: w.warp, scores: w.scorer.finish() })),
        ]);
        const analysis = analyseScores(model, plan, scores, passA);
        return buildResult(analysis, text, words, plan.prons, category, nSamples);
      },
    };
  }

  function buildResult(
    analysis: Analysis,
    text: string,
    words: TextWord[],
    prons: string[][][],
    category: EvaluationCategory,
    nSamples: number,
  ): EvaluationResult {
    const phoneCount = (from: number, to: number) => prons.slice(from, to).reduce((n, p) => n + (p[0]?.length ?? 1), 0);
    const expected = wordResults(
      analysis,
      words.map((w) => w.text),
    );
    const all = mergeInserted(expected, insertedWords(analysis));
    // Sentences of a chapter first, on copies of the words (each sentence maps its own words'
    // scores); the reading's mapping then replaces the scores of `expected` in place.
    const sentences =
      category === 'read_chapter' ? sentenceResults(text, words, expected, analysis, phoneCount) : undefined;
    const scores = sentences
      ? chapterScores(analysis, expected, phoneCount(0, words.length), sentences)
      : expertScores(analysis, expected, phoneCount(0, words.length));
    const result: EvaluationResult = {
      ...scores,
      words: all,
      evaluate_html: evaluateHtml(text, words, expected),
      evaluate_text: evaluateText(all),
      duration_ms: Math.round((nSamples / model.params.sampleRate) * 1000),
    };
    if (sentences) result.sentences = sentences;
    return result;
  }

  return {
    model,
    startStream,
    analyse: async (samples, text, opts) => {
      const { analysis, words } = await analyseText(samples, text, opts);
      return { analysis, words };
    },
    async evaluate(req) {
      const samples = toFloatSamples(req.pcm);
      if (samples.length > maxSamples) throw new Error('Audio is too long to evaluate');
      const stream = startStream({ text: req.text, category: req.category, reader: req.reader });
      stream.push(samples);
      return stream.finish();
    },
  };
}

function mergeInserted(expected: WordResult[], inserted: WordResult[]): WordResult[] {
  if (inserted.length === 0) return expected;
  const out: WordResult[] = [];
  const queue = [...inserted];
  for (const w of expected) {
    while (queue.length && w.type !== 'omitted' && queue[0]!.start_ms < w.start_ms) out.push(queue.shift()!);
    out.push(w);
  }
  return out.concat(queue);
}

function sentenceResults(
  text: string,
  words: TextWord[],
  expected: WordResult[],
  a: Analysis,
  phoneCount: (from: number, to: number) => number,
): SentenceResult[] {
  const out: SentenceResult[] = [];
  let w0 = 0;
  for (const s of splitSentences(text)) {
    let w1 = w0;
    while (w1 < words.length && words[w1]!.start < s.end) w1++;
    if (w1 === w0) continue;
    const sub: Analysis = {
      ...a,
      words: a.words.slice(w0, w1),
      fillers: a.fillers.filter((f) => f.before > w0 && f.before < w1).map((f) => ({ ...f, before: f.before - w0 })),
      ...(a.omission ? { omission: a.omission.slice(w0, w1) } : {}),
    };
    const sw = expected.slice(w0, w1).map((w) => ({ ...w }));
    out.push({
      text: s.text,
      // The text check reads the whole reading's phone loop: it judges the chapter (buildResult),
      // not each sentence, whose loop would count the other sentences as speech outside it.
      ...expertScores(sub, sw, phoneCount(w0, w1), false),
      words: sw,
      evaluate_html: evaluateHtml(s.text, words.slice(w0, w1), sw, s.start),
      evaluate_text: evaluateText(sw),
    });
    w0 = w1;
  }
  return out;
}
