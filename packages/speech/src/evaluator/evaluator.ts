// The evaluator API used by the server's worker threads and the CLI: load the model once, then
// evaluate readings (16 kHz mono PCM + expected text) into the product's result shape.
import { MfccExtractor } from '../frontend/mfcc';
import { loadAcousticModel, type AcousticModel } from '../model/acoustic-model';
import { pronunciations } from '../lexicon/lexicon';
import { splitSentences, splitWords, type TextWord } from '../text/tokenize';
import { analyse, analyseScores, planAnalysis, type Analysis, type AnalyseOptions } from './align';
import { evaluateHtml, evaluateText } from './markup';
import { insertedWords, wordResults } from './scores';
import { chapterScores, expertScores } from './expert-mapping';
import { childWarpsFromEnv, vtlnGridFromEnv, WarpedScorer } from './vtln';
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
/** evaluate() feeds its stream 0.5 s at a time. */
const EVALUATE_CHUNK = 8000;

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
  /** The warps a child's reading may be heard through, one chosen per reading (vtln.ts); default
   *  ONDOKU_SPEECH_CHILD_WARPS, CHILD_WARPS. */
  childWarps?: number[];
  /** Voiced frames heard before the warp is chosen (vtln.ts WARP_DECISION_VOICED_FRAMES; Infinity:
   *  every warp scores the whole reading, the forced alignment chooses). For measurements. */
  warpDecisionFrames?: number;
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
  const childWarps = opts.childWarps ?? childWarpsFromEnv();
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
    return openStream(req).stream;
  }

  /** The stream, and the plan it waits for (evaluate() pushes once it is there: see below). */
  function openStream(req: { text: string; category?: EvaluationCategory; reader?: Reader }) {
    const text = req.text;
    const category = req.category ?? 'read_sentence';
    const words = textWords(text);
    // The warps this reading may be heard through (vtln.ts): a child's reading through the
    // children's grid, a teacher's unwarped (plus ONDOKU_SPEECH_VTLN's factors, if any). Each
    // stream has its own scorers (and MFCC buffers: streams of one worker may interleave).
    const grid = req.reader === 'child' ? childWarps : [1, ...vtln];
    const scorer = new WarpedScorer(model, grid, opts.warpDecisionFrames);
    let nSamples = 0;
    let failed: unknown;
    const planned = Promise.all(words.map((w) => pronunciations(w.text))).then((prons) => {
      const plan = planAnalysis(model, prons);
      scorer.setSenones(plan.senones, plan.forced);
      return plan;
    });
    planned.catch((e: unknown) => (failed = e));
    let done = false;
    const stream: EvaluationStream = {
      push(pcm) {
        if (done) throw new Error('Evaluation already finished');
        if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
        if (nSamples + pcm.length > maxSamples) throw new Error('Audio is too long to evaluate');
        nSamples += pcm.length;
        scorer.push(pcm);
      },
      get durationMs() {
        return Math.round((nSamples / model.params.sampleRate) * 1000);
      },
      async finish() {
        if (done) throw new Error('Evaluation already finished');
        done = true;
        const plan = await planned;
        const { scores, passA } = scorer.finish();
        const analysis = analyseScores(model, plan, scores, passA);
        return buildResult(analysis, text, words, plan.prons, category, nSamples);
      },
    };
    return { stream, planned };
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
      const { stream, planned } = openStream({ text: req.text, category: req.category, reader: req.reader });
      // In chunks once the plan is there, as a stream would be fed: with several warps the ones
      // not chosen stop after the first seconds (the choice depends on the samples alone, so the
      // result is the same as one push).
      await planned;
      for (let o = 0; o < samples.length; o += EVALUATE_CHUNK) stream.push(samples.subarray(o, o + EVALUATE_CHUNK));
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
