// The evaluator API used by the server's worker threads and the CLI: load the model once, then
// evaluate readings (16 kHz mono PCM + expected text) into the product's result shape.
import { MfccExtractor } from '../frontend/mfcc';
import { loadAcousticModel, type AcousticModel } from '../model/acoustic-model';
import { pronunciations } from '../lexicon/lexicon';
import { splitSentences, splitWords, type TextWord } from '../text/tokenize';
import { analyse, type Analysis, type AnalyseOptions } from './align';
import { evaluateHtml, evaluateText } from './markup';
import { insertedWords, summarise, wordResults } from './scores';
import type { EvaluationRequest, EvaluationResult, SentenceResult, WordResult } from './types';

export const MAX_TEXT_WORDS = 1000;
export const MAX_AUDIO_SECONDS = 300;

export interface Evaluator {
  readonly model: AcousticModel;
  evaluate(req: EvaluationRequest): Promise<EvaluationResult>;
  /** Lower level: the acoustic analysis (alignment, GOP) behind a result. */
  analyse(
    samples: Float32Array,
    text: string,
    opts?: AnalyseOptions,
  ): Promise<{ analysis: Analysis; words: TextWord[] }>;
}

export interface LoadEvaluatorOptions {
  modelDir?: string;
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

export function createEvaluator(model: AcousticModel): Evaluator {
  const mfcc = new MfccExtractor(model.params);

  async function analyseText(samples: Float32Array, text: string, opts: AnalyseOptions = {}) {
    const words = splitWords(text);
    if (words.length === 0) throw new Error('Text has no words to evaluate');
    if (words.length > MAX_TEXT_WORDS) throw new Error('Text is too long to evaluate');
    if (samples.length > MAX_AUDIO_SECONDS * model.params.sampleRate) throw new Error('Audio is too long to evaluate');
    const prons = await Promise.all(words.map((w) => pronunciations(w.text)));
    return { analysis: analyse(model, samples, prons, { mfcc, ...opts }), words, prons };
  }

  return {
    model,
    analyse: async (samples, text, opts) => {
      const { analysis, words } = await analyseText(samples, text, opts);
      return { analysis, words };
    },
    async evaluate(req) {
      const samples = toFloatSamples(req.pcm);
      const category = req.category ?? 'read_sentence';
      const text = req.text;
      const { analysis, words, prons } = await analyseText(samples, text);
      const phoneCount = (from: number, to: number) =>
        prons.slice(from, to).reduce((n, p) => n + (p[0]?.length ?? 1), 0);
      const expected = wordResults(
        analysis,
        words.map((w) => w.text),
      );
      const all = mergeInserted(expected, insertedWords(analysis));
      const scores = summarise(analysis, expected, phoneCount(0, words.length));
      const result: EvaluationResult = {
        ...scores,
        words: all,
        evaluate_html: evaluateHtml(text, words, expected),
        evaluate_text: evaluateText(all),
        duration_ms: Math.round((samples.length / model.params.sampleRate) * 1000),
      };
      if (category === 'read_chapter') result.sentences = sentenceResults(text, words, expected, analysis, phoneCount);
      return result;
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
    };
    const sw = expected.slice(w0, w1);
    out.push({
      text: s.text,
      ...summarise(sub, sw, phoneCount(w0, w1)),
      words: sw,
      evaluate_html: evaluateHtml(s.text, words.slice(w0, w1), sw, s.start),
      evaluate_text: evaluateText(sw),
    });
    w0 = w1;
  }
  return out;
}
