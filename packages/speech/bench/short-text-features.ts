// The mapping's evidence of one reading (as evaluator.ts computes it), for the short-text
// calibration and checks.
import type { Evaluator } from '../src/evaluator/evaluator';
import { pronunciations } from '../src/lexicon/lexicon';
import { splitWords } from '../src/text/tokenize';
import { expertFeatures } from '../src/evaluator/expert-features';
import { fluencyParts, summarise, wordResults } from '../src/evaluator/scores';

export async function readingFeatures(ev: Evaluator, samples: Float32Array, text: string) {
  const { analysis, words } = await ev.analyse(samples, text);
  const prons = await Promise.all(words.map((w) => pronunciations(w.text)));
  const nPhones = prons.reduce((n, p) => n + (p[0]?.length ?? 1), 0);
  const ws = wordResults(
    analysis,
    splitWords(text).map((w) => w.text),
  );
  const heuristic = summarise(analysis, ws, nPhones);
  const f = expertFeatures(analysis, ws, heuristic, fluencyParts(analysis, nPhones));
  return { sentence: f.sentence, words: f.words, short: f.short, heuristic };
}
