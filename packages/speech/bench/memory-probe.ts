// Child process for the benchmark: loads the evaluator, evaluates a few readings, prints the
// resident memory (MB) as JSON. Run in its own process so the figure is one worker's cost.
import { loadEvaluator } from '../src/evaluator/evaluator';
import { speak } from './dataset';

const before = process.memoryUsage().rss;
const ev = await loadEvaluator();
for (let i = 0; i < 3; i++) {
  const u = await speak('My father cooks dinner for our family on Sundays.', 2 + i, 1, 20, i);
  await ev.evaluate({ pcm: u.samples, text: u.text });
}
global.gc?.();
const m = process.memoryUsage();
console.log(JSON.stringify({ rssMb: m.rss / 2 ** 20, baseRssMb: before / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 }));
