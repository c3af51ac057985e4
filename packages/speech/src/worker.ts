// worker_threads entry: evaluation and text-to-speech off the server's main thread.
// Messages in:  { id, type: 'evaluate', pcm, text, category } | { id, type: 'synthesize', text,
//                 toneType?, speed?, take? } | { id, type: 'synthesize_reading', text, reader }
//               | { id, type: 'ping' } | stream_start / stream_push /
//                 stream_finish / stream_abort (see worker-protocol.ts)
// Messages out: { id, ok: true, result } | { id, ok: false, error }
// workerData may carry { modelDir } (needed once bundled, when the model folder moved).
import { parentPort, workerData } from 'node:worker_threads';
import { Recording } from './audio/recording';
import { loadEvaluator, type EvaluationStream, type Evaluator } from './evaluator/evaluator';
import { synthesizeChildReading } from './tts/child-reading';
import { synthesize } from './tts/synthesize';
import { threadCpuMs } from './thread-cpu';
import type { StreamFinishReply, WorkerRequest, WorkerResponse } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('worker.ts must run as a worker thread');
const modelDir = (workerData as { modelDir?: string } | undefined)?.modelDir;
let evaluator: Promise<Evaluator> | undefined;
const getEvaluator = () => (evaluator ??= loadEvaluator(modelDir ? { modelDir } : {}));
/**
 * An open stream: pushed chunks wait in `pending` and are scored one per macrotask by `pump()`,
 * so other messages (an abort, another stream's finish) are handled between two chunks instead of
 * behind every chunk already queued. The first scoring error is kept and reported by finish.
 */
interface OpenStream {
  stream: EvaluationStream;
  /** Set when the stream was started with `record`: each chunk is encoded after it is scored. */
  recording?: Recording;
  pending: (Int16Array | Float32Array)[];
  /** The replies of the queued pushes, answered once each chunk is scored (or dropped). */
  acks: ((took: { ms: number; cpuMs?: number }) => void)[];
  error?: unknown;
  /** Set by stream_finish: resolved once pending is empty. */
  drained?: () => void;
}
const streams = new Map<number, OpenStream>();
/** Streams left open longer than this are dropped (a client that vanished without abort). */
const STREAM_IDLE_MS = 10 * 60 * 1000;
const lastUse = new Map<number, number>();
setInterval(() => {
  const now = Date.now();
  for (const [sid, t] of lastUse) {
    if (now - t > STREAM_IDLE_MS) drop(sid);
  }
}, 60_000).unref();

/** Drops a stream and its queued chunks (their pushes are answered as scored in 0 ms). */
function drop(streamId: number) {
  const s = streams.get(streamId);
  s?.recording?.free();
  if (s) for (const a of s.acks.splice(0)) a({ ms: 0 });
  streams.delete(streamId);
  lastUse.delete(streamId);
}

function stream(streamId: number): OpenStream {
  const s = streams.get(streamId);
  if (!s) throw new Error('Unknown evaluation stream');
  lastUse.set(streamId, Date.now());
  return s;
}

/** Streams with pending chunks, taken in turn (one chunk each), so no stream starves another. */
const ready: number[] = [];
let pumping = false;

function schedule(streamId: number) {
  if (!ready.includes(streamId)) ready.push(streamId);
  if (!pumping) {
    pumping = true;
    setImmediate(pump);
  }
}

function pump() {
  const streamId = ready.shift();
  const s = streamId === undefined ? undefined : streams.get(streamId);
  if (s) {
    const chunk = s.pending.shift();
    const ack = s.acks.shift();
    const began = performance.now();
    const cpuBegan = threadCpuMs();
    if (chunk && s.error === undefined) {
      try {
        s.stream.push(chunk);
        s.recording?.addPcm(toInt16(chunk));
      } catch (err) {
        s.error = err;
        s.pending.length = 0;
        for (const a of s.acks.splice(0)) a({ ms: 0 });
      }
    }
    const cpuEnded = threadCpuMs();
    ack?.({ ms: performance.now() - began, cpuMs: cpuBegan === undefined ? undefined : cpuEnded! - cpuBegan });
    if (s.pending.length) ready.push(streamId!);
    else s.drained?.();
  }
  if (ready.length) setImmediate(pump);
  else pumping = false;
}

const toInt16 = (pcm: Int16Array | Float32Array) =>
  pcm instanceof Int16Array ? pcm : Int16Array.from(pcm, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));

port.on('message', (msg: WorkerRequest) => {
  void handle(msg).then(
    (res) => {
      const recording = res.ok ? (res.result as StreamFinishReply | null)?.recording : undefined;
      const transfer =
        res.ok && res.result && 'wav' in res.result
          ? [res.result.wav.buffer as ArrayBuffer]
          : recording
            ? [recording.buffer as ArrayBuffer]
            : res.ok && res.result && 'pcm' in res.result
              ? [res.result.pcm.buffer as ArrayBuffer]
              : [];
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
        result: await ev.evaluate({ pcm: msg.pcm, text: msg.text, category: msg.category, reader: msg.reader }),
      };
    }
    case 'stream_start': {
      const ev = await getEvaluator();
      if (streams.has(msg.streamId)) throw new Error('Evaluation stream already exists');
      streams.set(msg.streamId, {
        stream: ev.startStream({ text: msg.text, category: msg.category, reader: msg.reader }),
        recording: msg.record ? new Recording() : undefined,
        pending: [],
        acks: [],
      });
      lastUse.set(msg.streamId, Date.now());
      return { id: msg.id, ok: true, result: null };
    }
    case 'stream_push': {
      // Only queued here; pump() scores it (errors are reported by stream_finish) and only then
      // answers, with the milliseconds it took: the pool counts the audio still queued and the
      // cost per audio second from these replies (load shedding, worker-pool.ts).
      const s = stream(msg.streamId);
      if (s.error !== undefined) return { id: msg.id, ok: true, result: { ms: 0 } };
      const took = await new Promise<{ ms: number; cpuMs?: number }>((resolve) => {
        s.pending.push(msg.pcm);
        s.acks.push(resolve);
        schedule(msg.streamId);
      });
      return { id: msg.id, ok: true, result: took };
    }
    case 'stream_finish': {
      const s = stream(msg.streamId);
      if (s.pending.length) await new Promise<void>((resolve) => (s.drained = resolve));
      streams.delete(msg.streamId);
      lastUse.delete(msg.streamId);
      if (s.error !== undefined) {
        s.recording?.free();
        throw s.error;
      }
      // The recording is muxed after the alignment; a recording that fails is left out, not the result.
      const began = performance.now();
      const cpuBegan = threadCpuMs();
      const result = await s.stream.finish().catch((err: unknown) => {
        s.recording?.free();
        throw err;
      });
      const recording = s.recording ? await s.recording.finish().catch(() => null) : undefined;
      const finishMs = performance.now() - began;
      const finishCpuMs = cpuBegan === undefined ? undefined : threadCpuMs()! - cpuBegan;
      const reply: StreamFinishReply =
        recording === undefined
          ? { ...result, finishMs, finishCpuMs }
          : { ...result, recording, finishMs, finishCpuMs };
      return { id: msg.id, ok: true, result: reply };
    }
    case 'stream_abort':
      // Drops the stream and every chunk still waiting for it at once.
      drop(msg.streamId);
      return { id: msg.id, ok: true, result: null };
    case 'synthesize': {
      const r = await synthesize({ text: msg.text, toneType: msg.toneType, speed: msg.speed, take: msg.take });
      return { id: msg.id, ok: true, result: { wav: r.wav, words: r.words, duration_ms: r.duration_ms } };
    }
    case 'synthesize_reading':
      return { id: msg.id, ok: true, result: await synthesizeChildReading(msg.text, msg.reader) };
    default:
      return { id: (msg as { id: number }).id, ok: false, error: 'Unknown request type' };
  }
}
