// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declaration must travel with this file into every project that compiles it
/// <reference path="./espeak-module.d.ts" />
// One lazily created eSpeak NG (WebAssembly build from @echogarden/espeak-ng-emscripten, GPL-3.0)
// instance per thread. The engine is a separate program with its own data file that we call
// through its published interface; it is not linked into or modified by our code (see
// LICENSES.md). Calls are synchronous inside the module, so one instance serves a thread.

export interface EspeakEvent {
  type: string;
  text_position: number;
  word_length: number;
  audio_position: number;
  id?: string | number;
}

export interface EspeakWorker {
  set_voice(name: string): number;
  set_rate(rate: number): void;
  get_samplerate(): number;
  synthesize(text: string, cb: (audio: Int16Array, events: EspeakEvent[]) => number): void;
  convert_to_phonemes(text: string, ipa: boolean): { ptr: number };
}

interface EspeakModule {
  eSpeakNGWorker: new () => EspeakWorker;
  HEAPU8: Uint8Array;
}

export interface Espeak {
  module: EspeakModule;
  worker: EspeakWorker;
  /**
   * Puts the engine back in the state it had when it was created, so that a synthesis depends on
   * its text, voice, speed and take alone (tts/synthesize.ts). eSpeak NG varies breath and noise
   * by a random generator whose state lives in the module's memory and is seeded from the clock
   * when the engine starts: the same text came out a little different on every call and in every
   * process (a word's score by our evaluator moved by up to ±20).
   */
  reset(): void;
}

/** The clock the engine sees while it starts (it seeds its random generator from it). */
const START_CLOCK_MS = Date.UTC(2026, 0, 1);

let engine: Promise<Espeak> | undefined;

export function getEspeak(): Promise<Espeak> {
  engine ??= (async () => {
    const mod = (await import('@echogarden/espeak-ng-emscripten')) as unknown as {
      default: () => Promise<EspeakModule>;
    };
    const module = await mod.default();
    // Synchronous from here to the copy: no other code of this thread runs while the clock is
    // fixed. The copy is taken after one synthesis, which sets up the JavaScript glue that calls
    // back with the audio (memory from before it would not match that glue).
    const now = Date.now;
    let worker: EspeakWorker;
    try {
      Date.now = () => START_CLOCK_MS;
      worker = new module.eSpeakNGWorker();
      worker.set_voice('en-us');
      worker.synthesize('a', () => 0);
    } finally {
      Date.now = now;
    }
    const pristine = snapshotOf(module.HEAPU8);
    return { module, worker, reset: () => restore(module.HEAPU8, pristine) };
  })();
  return engine;
}

/** 4 KiB pages: the engine's 17 MB of memory hold about 1 MB that is not zero after it starts. */
const PAGE = 4096;

/** A copy of the pages that are not all zero (the others are zero in the engine's first state). */
function snapshotOf(heap: Uint8Array): { length: number; pages: Map<number, Uint8Array> } {
  const pages = new Map<number, Uint8Array>();
  const words = new Int32Array(heap.buffer, heap.byteOffset, heap.length >> 2);
  for (let p = 0; p * PAGE < heap.length; p++) {
    if (!zeroPage(words, p)) pages.set(p, heap.slice(p * PAGE, (p + 1) * PAGE));
  }
  return { length: heap.length, pages };
}

/**
 * Writes the copied pages back and zeroes every other page that is not zero now (memory grown
 * since the copy included). Only what changed is written, so memory the engine never touches
 * stays unmapped (a full copy and rewrite made every worker ≈ 13 MB larger).
 */
function restore(heap: Uint8Array, pristine: { length: number; pages: Map<number, Uint8Array> }): void {
  const words = new Int32Array(heap.buffer, heap.byteOffset, heap.length >> 2);
  for (let p = 0; p * PAGE < heap.length; p++) {
    const copy = pristine.pages.get(p);
    if (copy) heap.set(copy, p * PAGE);
    else if (!zeroPage(words, p)) heap.fill(0, p * PAGE, (p + 1) * PAGE);
  }
}

function zeroPage(words: Int32Array, page: number): boolean {
  const end = Math.min(words.length, ((page + 1) * PAGE) >> 2);
  let any = 0;
  for (let i = (page * PAGE) >> 2; i < end; i++) any |= words[i]!;
  return any === 0;
}

/** Reads a NUL-terminated UTF-8 string out of the module's memory. */
export function readCString(module: EspeakModule, ptr: number): string {
  const heap = module.HEAPU8;
  let end = ptr;
  while (heap[end] !== 0 && end < heap.length) end++;
  return new TextDecoder().decode(heap.subarray(ptr, end));
}
