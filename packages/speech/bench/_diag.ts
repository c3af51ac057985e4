import { createEvaluator, loadEvaluator } from '../src/evaluator/evaluator';
import { SENTENCES, speak } from './dataset';
const ev = await loadEvaluator();
const voices = (process.argv[2] ?? 'en-us+m7').split(',');
const full = createEvaluator(ev.model, { warpDecisionFrames: Infinity });
for (const voice of voices) for (const [i, text] of SENTENCES.slice(0, 10).entries()) {
  const u = await speak(text, voice, 1, 30, 1000 + i);
  const chosen = (await ev.evaluate({ pcm: u.samples, text, reader: 'child' })).total_score;
  const f = (await full.evaluate({ pcm: u.samples, text, reader: 'child' })).total_score;
  console.log(voice, i, 'early', chosen, 'full passA', f);
}
