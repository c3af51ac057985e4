// Child process for the benchmark (run bundled, with plain node): loads the evaluator, evaluates
// a few readings (and synthesises them, as a worker does both), prints the resident memory (MB)
// as JSON. Run in its own process so the figure is one worker's cost.
import { loadEvaluator } from '../src/evaluator/evaluator';
import { speak } from './dataset';

global.gc?.();
const before = process.memoryUsage().rss;
const ev = await loadEvaluator();
for (let i = 0; i < 3; i++) {
  const u = await speak('My father cooks dinner for our family on Sundays.', 2 + i, 1, 20, i);
  await ev.evaluate({ pcm: u.samples, text: u.text });
}
const long = await speak(
  'Every morning my brother and I walk to school together with our friends, and on the way we talk about games, homework and the animals we see in the park near the river.',
  2,
  0.85,
  20,
  77,
);
await ev.evaluate({ pcm: long.samples, text: long.text });
global.gc?.();
const m = process.memoryUsage();
console.log(
  JSON.stringify({
    rssMb: m.rss / 2 ** 20,
    baseRssMb: before / 2 ** 20,
    heapMb: m.heapUsed / 2 ** 20,
    externalMb: (m.external + m.arrayBuffers) / 2 ** 20,
  }),
);
