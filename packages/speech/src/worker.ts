// worker_threads entry: evaluation and text-to-speech off the server's main thread.
// Messages in:  { id, type: 'evaluate', pcm, text, category } | { id, type: 'synthesize', text,
//                 toneType?, speed? } | { id, type: 'ping' } | stream_start / stream_push /
//                 stream_finish / stream_abort (see worker-protocol.ts)
// Messages out: { id, ok: true, result } | { id, ok: false, error }
// workerData may carry { modelDir } (needed once bundled, when the model folder moved).
import { parentPort, workerData } from 'node:worker_threads';
import { loadEvaluator, type EvaluationStream, type Evaluator } from './evaluator/evaluator';
import { synthesize } from './tts/synthesize';
import type { WorkerRequest, WorkerResponse } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('worker.ts must run as a worker thread');
const modelDir = (workerData as { modelDir?: string } | undefined)?.modelDir;
let evaluator: Promise<Evaluator> | undefined;
const getEvaluator = () => (evaluator ??= loadEvaluator(modelDir ? { modelDir } : {}));
const streams = new Map<number, EvaluationStream>();
/** Streams left open longer than this are dropped (a client that vanished without abort). */
const STREAM_IDLE_MS = 10 * 60 * 1000;
const lastUse = new Map<number, number>();
setInterval(() => {
  const now = Date.now();
  for (const [sid, t] of lastUse) {
    if (now - t > STREAM_IDLE_MS) {
      streams.delete(sid);
      lastUse.delete(sid);
    }
  }
}, 60_000).unref();

function stream(streamId: number): EvaluationStream {
  const s = streams.get(streamId);
  if (!s) throw new Error('Unknown evaluation stream');
  lastUse.set(streamId, Date.now());
  return s;
}

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
    case 'stream_start': {
      const ev = await getEvaluator();
      if (streams.has(msg.streamId)) throw new Error('Evaluation stream already exists');
      streams.set(msg.streamId, ev.startStream({ text: msg.text, category: msg.category }));
      lastUse.set(msg.streamId, Date.now());
      return { id: msg.id, ok: true, result: null };
    }
    case 'stream_push':
      stream(msg.streamId).push(msg.pcm);
      return { id: msg.id, ok: true, result: null };
    case 'stream_finish': {
      const s = stream(msg.streamId);
      streams.delete(msg.streamId);
      lastUse.delete(msg.streamId);
      return { id: msg.id, ok: true, result: await s.finish() };
    }
    case 'stream_abort':
      streams.delete(msg.streamId);
      lastUse.delete(msg.streamId);
      return { id: msg.id, ok: true, result: null };
    case 'synthesize': {
      const r = await synthesize({ text: msg.text, toneType: msg.toneType, speed: msg.speed });
      return { id: msg.id, ok: true, result: { wav: r.wav, words: r.words, duration_ms: r.duration_ms } };
    }
    default:
      return { id: (msg as { id: number }).id, ok: false, error: 'Unknown request type' };
  }
}
