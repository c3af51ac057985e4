// worker_threads entry: evaluation and text-to-speech off the server's main thread.
// Messages in:  { id, type: 'evaluate', pcm, text, category } | { id, type: 'synthesize', text,
//                 toneType?, speed? } | { id, type: 'ping' }
// Messages out: { id, ok: true, result } | { id, ok: false, error }
// workerData may carry { modelDir } (needed once bundled, when the model folder moved).
import { parentPort, workerData } from 'node:worker_threads';
import { loadEvaluator, type Evaluator } from './evaluator/evaluator';
import { synthesize } from './tts/synthesize';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('worker.ts must run as a worker thread');
const modelDir = (workerData as { modelDir?: string } | undefined)?.modelDir;
let evaluator: Promise<Evaluator> | undefined;
const getEvaluator = () => (evaluator ??= loadEvaluator(modelDir ? { modelDir } : {}));

port.on('message', (msg: WorkerRequest) => {
  void handle(msg).then(
    (res) => {
      const transfer = res.ok && res.result && 'wav' in res.result ? [res.result.wav.buffer as ArrayBuffer] : [];
      port.postMessage(res, transfer);
    },
    (err: unknown) =>
      port.postMessage({
        id: msg.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      } satisfies WorkerResponse),
  );
});

async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
  switch (msg.type) {
    case 'ping':
      await getEvaluator();
      return { id: msg.id, ok: true, result: null };
    case 'evaluate': {
      const ev = await getEvaluator();
      return {
        id: msg.id,
        ok: true,
        result: await ev.evaluate({ pcm: msg.pcm, text: msg.text, category: msg.category }),
      };
    }
    case 'synthesize': {
      const r = await synthesize({ text: msg.text, toneType: msg.toneType, speed: msg.speed });
      return { id: msg.id, ok: true, result: { wav: r.wav, words: r.words, duration_ms: r.duration_ms } };
    }
    default:
      return { id: (msg as { id: number }).id, ok: false, error: 'Unknown request type' };
  }
}
