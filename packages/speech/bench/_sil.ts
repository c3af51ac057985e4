import { loadEvaluator } from '../src/evaluator/evaluator';
import { synthesize } from '../src/tts/synthesize';
const ev = await loadEvaluator();
const text = 'This is my sister. She is ten years old.';
const s = (await synthesize({ text, voice: 'en-us+m3' })).samples;
let lead0 = 0; while (Math.abs(s[lead0]!) < 1e-4) lead0++;
let tail0 = s.length - 1; while (Math.abs(s[tail0]!) < 1e-4) tail0--;
console.log('tts length', s.length / 16000, 'leading zeros', lead0 / 16000, 'trailing', (s.length - 1 - tail0) / 16000);
for (const [lead, tail, noise] of [[0, 0, 0], [0.3, 0.3, 0], [0.5, 1.5, 0], [0.5, 1.0, 0.0003], [0.5, 1.0, 0.001], [0.1, 1.0, 0], [0.5, 0.1, 0]] as const) {
  const pcm = Float32Array.from([...new Float32Array(16000 * lead), ...s, ...new Float32Array(16000 * tail)]);
  for (let i = 0; i < pcm.length; i++) pcm[i]! += noise * (Math.random() * 2 - 1);
  const r = await ev.evaluate({ pcm, text, reader: 'child' });
  console.log(lead, tail, noise, 'total', r.total_score, 'acc', r.accuracy_score, 'flu', r.fluency_score, 'int', r.integrity_score);
}
