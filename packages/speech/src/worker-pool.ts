// A small pool of speech worker threads with a queue: each worker runs one job at a time, so
// a request never waits behind more than the queue ahead of it, and the main thread stays free.
//
// Spawning: from TypeScript source (tsx, vitest) the worker file is src/worker.ts and needs the
// tsx loader, which the pool registers inside the worker by itself (tsx must be installed). A bundled server
// builds src/worker.ts as its own esbuild entry (keeping '@echogarden/espeak-ng-emscripten'
// external so it finds its data file) and passes { workerFile, modelDir }.
import { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EvaluationCategory, EvaluationResult, Reader } from './evaluator/types';
import type { ReaderProfile } from './tts/child-reading';
import type { ReadingReply, StreamPushReply, SynthesizeReply, WorkerRequest, WorkerResponse } from './worker-protocol';

export interface SpeechWorkerPoolOptions {
  size?: number;
  /** Worker entry file; defaults to this package's src/worker.ts. */
  workerFile?: string;
  /** Model folder; defaults to the package's model/ (or ONDOKU_SPEECH_MODEL_DIR). */
  modelDir?: string;
  /** Reject jobs that wait or run longer than this (for a stream's finish: the base, see below). */
  timeoutMs?: number;
  /**
   * A stream's finish may take timeoutMs plus this much per second of audio pushed (queued chunks
   * are scored before the result). Default 1000 ms: one worker scored 30 s of noise queued at
   * once in about 7.5 s (0.25 s per audio second) on a shared 2-core machine, so this leaves
   * about 4× margin for a busy host; a 300 s read_chapter gets timeoutMs + 300 s.
   */
  timeoutPerAudioSecondMs?: number;
  /**
   * Load shedding of streams (startStream): past capacity a new stream is refused with a
   * SpeechBusyError, and an accepted stream whose worker fell far behind is told so
   * (SpeechStreamOptions.onShed) rather than left to wait. Off when omitted.
   */
  capacity?: SpeechCapacityOptions;
}

/**
 * How the pool judges capacity. A worker's cost is measured as it works, in seconds of its time
 * per second of audio: the milliseconds its replies report for scoring each chunk (decaying over
 * the last ~30 s of audio pushed, starting from `costPerAudioSecond`), plus those of each stream's
 * finish (the alignment and the recording's mux) spread over that stream's audio (decaying over
 * the last ~60 s of audio finished). Children read in real time, so a worker with n open streams
 * needs n × cost of its time; the audio pushed but not yet scored (its queue) takes queue × the
 * scoring cost, and that is how long a stream finishing now would wait beyond its own finish.
 * (A finish is counted against its own reading's audio, not against the audio of the moment it
 * happens: a class that stops together would otherwise look, for the next ~30 s of audio, several
 * times as costly as it is — the admission of 24–28 children measured before 28 November 2026.)
 */
export interface SpeechCapacityOptions {
  /** Starting estimate of a worker's seconds of work per second of audio (default 0.25). */
  costPerAudioSecond?: number;
  /** A worker with open streams takes another only while (open streams + 1) × cost ≤ this (default 0.9); an idle one always does. */
  maxLoad?: number;
  /** …and while its queue would be scored within this many ms (default 2000). */
  maxQueuedMs?: number;
  /**
   * An accepted stream is shed (onShed) when its worker's queue would take longer than this to
   * score and the worker has other open streams: one at a time, the newest of those with the
   * longest queues (default 4000 ms).
   */
  shedQueuedMs?: number;
  /**
   * …and while (open streams + 1) × the recent finishes' mean time stays ≤ this (default 5000
   * ms): if all of a worker's children stop reading at once, the last result waits about that long.
   */
  maxFinishQueueMs?: number;
}

/** startStream's refusal past capacity, and a stream's finish that took longer than the time limit. */
export class SpeechBusyError extends Error {
  constructor(message = 'speech workers are busy') {
    super(message);
    this.name = 'SpeechBusyError';
  }
}

/** The load of the pool's workers, as judged for load shedding. */
export interface SpeechPoolLoad {
  /** Measured seconds of a worker's time per second of audio (scoring and finishes). */
  costPerAudioSecond: number;
  /** The same from the workers' thread CPU time alone (null where it is not readable). */
  cpuCostPerAudioSecond: number | null;
  /** The last finishes (alignment and mux), decaying mean: wall and CPU ms of a worker. */
  finishMs: number | null;
  finishCpuMs: number | null;
  workers: { openStreams: number; queuedAudioSeconds: number; queuedMs: number }[];
}

/** Samples per second of the PCM pushed into streams. */
const SAMPLE_RATE = 16_000;

type Job = { req: WorkerRequest; resolve: (v: unknown) => void; reject: (e: Error) => void; transfer: ArrayBuffer[] };
type Slot = {
  worker: Worker;
  busy?: Job & { timer?: NodeJS.Timeout };
  /** Stream requests sent directly (not queued): id → callbacks. */
  direct: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
  openStreams: number;
  /** Samples pushed to this worker and not yet scored (their push not yet answered). */
  queued: number;
  /** Open streams in the order they started (see shedIfBehind). */
  streams: { shed: () => void; shedding: boolean; queued: number }[];
  dead?: boolean;
};

/** A streamed evaluation's result; with `record`, also the WebM/Opus recording (null if it could not be made). */
export type StreamResult = EvaluationResult & { recording?: Uint8Array | null };

export interface SpeechStreamOptions {
  /** Encode the pushed audio into a WebM/Opus recording in the worker (audio/recording.ts). */
  record?: boolean;
  /** A child's reading gets the children's VTLN warp (evaluator/vtln.ts); default adult. */
  reader?: Reader;
  /**
   * Called (once) when the pool sheds this accepted stream: its worker fell too far behind
   * (SpeechCapacityOptions.shedQueuedMs). The caller answers its client and aborts the stream.
   */
  onShed?: () => void;
}

/** An evaluation streamed to one worker (SpeechWorkerPool.startStream). */
export interface SpeechStream {
  /** Sends a chunk (copied); errors surface in finish(). */
  push(pcm: Int16Array | Float32Array): void;
  /** The result; rejects with the first error of the stream. */
  finish(): Promise<StreamResult>;
  /** Drops the stream in the worker (client gone). */
  abort(): void;
}

/**
 * Work per second of audio, as decaying sums of the work (ms) and of the audio it was for (s):
 * each note first decays both by e^(−audio / window), so the rate follows the last ~window
 * seconds of audio.
 */
export class DecayingRate {
  constructor(
    private readonly window: number,
    start = 0,
    public audio = 0,
  ) {
    this.ms = start * 1000 * audio;
  }
  private ms: number;
  note(ms: number, audioSeconds: number) {
    const decay = Math.exp(-audioSeconds / this.window);
    this.ms = this.ms * decay + ms;
    this.audio = this.audio * decay + audioSeconds;
  }
  /** Seconds of work per second of audio (0 before any note). */
  get rate(): number {
    return this.audio > 0 ? this.ms / 1000 / this.audio : 0;
  }
}

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class SpeechWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** The scoring of pushed chunks and the finishes, in wall time and in the workers' thread CPU. */
  private readonly pushWall: DecayingRate;
  private readonly pushCpu = new DecayingRate(30);
  private readonly finishWall = new DecayingRate(60);
  private readonly finishCpu = new DecayingRate(60);
  /** The recent finishes' mean wall and CPU ms (decaying by finish). */
  private readonly finishes = { n: 0, ms: 0, cpuMs: 0 };

  constructor(private readonly opts: SpeechWorkerPoolOptions = {}) {
    const size = opts.size ?? 2;
    // The starting estimate counts as 10 s of audio, so the first measurements move it quickly.
    this.pushWall = new DecayingRate(30, opts.capacity?.costPerAudioSecond ?? 0.25, 10);
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const file = this.opts.workerFile ?? fileURLToPath(new URL('./worker.ts', import.meta.url));
    const workerData = { modelDir: this.opts.modelDir };
    // TypeScript source: a small bootstrap registers tsx inside the worker, then imports it
    // (Node 20 does not apply --import loader hooks to a worker's entry file).
    const worker = file.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(file).href)}) })`,
          { eval: true, workerData },
        )
      : new Worker(file, { workerData });
    const slot: Slot = { worker, direct: new Map(), openStreams: 0, queued: 0, streams: [] };
    worker.on('message', (res: WorkerResponse) => {
      const d = slot.direct.get(res.id);
      if (d) {
        slot.direct.delete(res.id);
        if (res.ok) d.resolve(res.result);
        else d.reject(new Error(res.error));
        return;
      }
      const job = slot.busy;
      if (!job || job.req.id !== res.id) return;
      if (job.timer) clearTimeout(job.timer);
      slot.busy = undefined;
      if (res.ok) job.resolve(res.result);
      else job.reject(new Error(res.error));
      this.pump();
    });
    worker.on('error', (err) => this.replace(slot, err));
    worker.on('exit', (code) => {
      if (!this.closed) this.replace(slot, new Error(`speech worker exited with code ${code}`));
    });
    return slot;
  }

  private replace(slot: Slot, err: Error): void {
    const job = slot.busy;
    slot.busy = undefined;
    if (job?.timer) clearTimeout(job.timer);
    job?.reject(err);
    slot.dead = true;
    for (const d of slot.direct.values()) d.reject(err);
    slot.direct.clear();
    const i = this.slots.indexOf(slot);
    if (i >= 0 && !this.closed) {
      void slot.worker.terminate();
      this.slots[i] = this.spawn();
      this.pump();
    }
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      const running: Slot['busy'] = job;
      slot.busy = running;
      if (this.opts.timeoutMs) {
        running.timer = setTimeout(() => this.replace(slot, new Error('speech job timed out')), this.opts.timeoutMs);
      }
      slot.worker.postMessage(job.req, job.transfer);
    }
  }

  private run<T>(req: DistributiveOmit<WorkerRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('speech worker pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        req: { ...req, id: this.nextId++ } as WorkerRequest,
        resolve: resolve as (v: unknown) => void,
        reject,
        transfer,
      });
      this.pump();
    });
  }

  /** Measured seconds of a worker's time per second of audio (see SpeechCapacityOptions). */
  get costPerAudioSecond(): number {
    return this.pushWall.rate + this.finishWall.rate;
  }

  /** The finish of a stream of `audioSeconds`: wall ms and, where readable, the thread's CPU ms. */
  private noteFinish(ms: number, cpuMs: number | undefined, audioSeconds: number) {
    // A reading with no audio (stopped at once) has no seconds to spread its finish over.
    if (audioSeconds > 0) {
      this.finishWall.note(ms, audioSeconds);
      if (cpuMs !== undefined) this.finishCpu.note(cpuMs, audioSeconds);
    }
    const f = this.finishes;
    f.n = f.n * 0.9 + 1;
    f.ms = f.ms * 0.9 + ms;
    f.cpuMs = f.cpuMs * 0.9 + (cpuMs ?? 0);
  }

  private queuedMs(slot: Slot): number {
    return (slot.queued / SAMPLE_RATE) * this.pushWall.rate * 1000;
  }

  /** The load as judged for load shedding (for logs and benchmarks). */
  load(): SpeechPoolLoad {
    return {
      costPerAudioSecond: this.costPerAudioSecond,
      cpuCostPerAudioSecond: this.pushCpu.audio > 0 ? this.pushCpu.rate + this.finishCpu.rate : null,
      finishMs: this.finishes.n > 0 ? this.finishes.ms / this.finishes.n : null,
      finishCpuMs: this.finishes.n > 0 ? this.finishes.cpuMs / this.finishes.n : null,
      workers: this.slots.map((s) => ({
        openStreams: s.openStreams,
        queuedAudioSeconds: s.queued / SAMPLE_RATE,
        queuedMs: this.queuedMs(s),
      })),
    };
  }

  /** Sheds the newest open stream of a worker whose queue is too long, one at a time. */
  private shedIfBehind(slot: Slot) {
    const limit = this.opts.capacity?.shedQueuedMs ?? 4000;
    if (!this.opts.capacity || slot.streams.length < 2 || this.queuedMs(slot) <= limit) return;
    if (slot.streams.some((s) => s.shedding)) return; // wait until the last one shed is gone
    // The newest of the streams with the longest queues: a stream that pushed a whole recording at
    // once (a retry) before children reading in real time, then the child who started last.
    const longest = Math.max(...slot.streams.map((x) => x.queued));
    const victim = slot.streams.findLast((x) => x.queued >= longest / 2)!;
    victim.shedding = true;
    victim.shed();
  }

  /** Loads the model in every worker (optional warm-up). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map(() => this.run({ type: 'ping' })));
  }

  /** The PCM buffer is transferred to the worker (unusable afterwards) unless copy is true. */
  evaluate(
    pcm: Int16Array | Float32Array,
    text: string,
    category?: EvaluationCategory,
    copy = false,
    reader?: Reader,
  ): Promise<EvaluationResult> {
    const data = copy ? pcm.slice() : pcm;
    return this.run({ type: 'evaluate', pcm: data, text, category, reader }, [data.buffer as ArrayBuffer]);
  }

  /**
   * Streaming evaluation on one worker: chunks are scored there as they arrive, so the result
   * follows the last chunk quickly. Streams bypass the job queue (their messages are short); the
   * worker with the fewest open streams takes a new one.
   */
  startStream(text: string, category?: EvaluationCategory, options: SpeechStreamOptions = {}): SpeechStream {
    if (this.closed) throw new Error('speech worker pool is closed');
    const capacity = this.opts.capacity;
    // An idle worker always takes a stream (its wait is its own audio, even on a machine so busy
    // that one stream needs more than the worker gets); otherwise n + 1 streams must fit.
    const finishMs = this.finishes.n > 0 ? this.finishes.ms / this.finishes.n : 0;
    const admits = (c: Slot) =>
      !capacity ||
      ((c.openStreams === 0 ||
        ((c.openStreams + 1) * this.costPerAudioSecond <= (capacity.maxLoad ?? 0.9) &&
          (c.openStreams + 1) * finishMs <= (capacity.maxFinishQueueMs ?? 5000))) &&
        this.queuedMs(c) <= (capacity.maxQueuedMs ?? 2000));
    const candidates = this.slots.filter(admits);
    if (candidates.length === 0) throw new SpeechBusyError();
    const slot = candidates.reduce((a, b) =>
      b.openStreams < a.openStreams || (b.openStreams === a.openStreams && b.queued < a.queued) ? b : a,
    );
    const streamId = this.nextId++;
    let failed: Error | undefined;
    let open = true;
    let samples = 0;
    slot.openStreams++;
    const entry = { shed: () => options.onShed?.(), shedding: false, queued: 0 };
    slot.streams.push(entry);
    const close = () => {
      if (open) {
        open = false;
        slot.openStreams--;
        slot.streams.splice(slot.streams.indexOf(entry), 1);
      }
    };
    const send = <T>(req: DistributiveOmit<WorkerRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<T> => {
      const id = this.nextId++;
      return new Promise<T>((resolve, reject) => {
        if (this.closed) return reject(new Error('speech worker pool is closed'));
        if (slot.dead) return reject(new Error('speech worker exited'));
        slot.direct.set(id, { resolve: resolve as (v: unknown) => void, reject });
        slot.worker.postMessage({ ...req, id } as WorkerRequest, transfer);
      });
    };
    const note = (e: unknown) => {
      failed ??= e instanceof Error ? e : new Error(String(e));
    };
    send({ type: 'stream_start', streamId, text, category, reader: options.reader, record: options.record }).catch(
      note,
    );
    return {
      push: (pcm) => {
        if (!open) throw new Error('Evaluation already finished');
        const data = pcm.slice();
        const n = data.length;
        samples += n;
        slot.queued += n;
        entry.queued += n;
        send<StreamPushReply>({ type: 'stream_push', streamId, pcm: data }, [data.buffer as ArrayBuffer]).then(
          ({ ms, cpuMs }) => {
            slot.queued -= n;
            entry.queued -= n;
            if (ms > 0) {
              this.pushWall.note(ms, n / SAMPLE_RATE);
              if (cpuMs !== undefined) this.pushCpu.note(cpuMs, n / SAMPLE_RATE);
            }
            this.shedIfBehind(slot);
          },
          (e: unknown) => {
            slot.queued -= n;
            entry.queued -= n;
            note(e);
          },
        );
        this.shedIfBehind(slot);
      },
      finish: async () => {
        if (!open) throw new Error('Evaluation already finished');
        close();
        const result = send<StreamResult & { finishMs?: number; finishCpuMs?: number }>({
          type: 'stream_finish',
          streamId,
        }).then(({ finishMs, finishCpuMs, ...res }) => {
          if (finishMs) this.noteFinish(finishMs, finishCpuMs, samples / SAMPLE_RATE);
          return res;
        });
        const timeout =
          this.opts.timeoutMs &&
          this.opts.timeoutMs + ((this.opts.timeoutPerAudioSecondMs ?? 1000) * samples) / SAMPLE_RATE;
        const res = await (
          timeout
            ? Promise.race([
                result,
                new Promise<never>((_, reject) =>
                  setTimeout(() => reject(new SpeechBusyError('speech job timed out')), timeout).unref(),
                ),
              ])
            : result
        ).catch((e: unknown) => {
          throw failed ?? e;
        });
        if (failed) throw failed;
        return res;
      },
      abort: () => {
        if (!open) return;
        close();
        send({ type: 'stream_abort', streamId }).catch(() => {});
      },
    };
  }

  /** take: which of the engine's renditions (tts/synthesize.ts); 0 by default. */
  synthesize(text: string, toneType?: number, speed?: number, take?: number): Promise<SynthesizeReply> {
    return this.run({ type: 'synthesize', text, toneType, speed, take });
  }

  /** A demo child's reading of a text (tts/child-reading.ts), synthesised on a worker. */
  synthesizeReading(text: string, reader: ReaderProfile): Promise<ReadingReply> {
    return this.run({ type: 'synthesize_reading', text, reader });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('speech worker pool is closed'));
    for (const slot of this.slots) {
      for (const d of slot.direct.values()) d.reject(new Error('speech worker pool is closed'));
      slot.direct.clear();
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
