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

let engine: Promise<{ module: EspeakModule; worker: EspeakWorker }> | undefined;

export function getEspeak(): Promise<{ module: EspeakModule; worker: EspeakWorker }> {
  engine ??= (async () => {
    const mod = (await import('@echogarden/espeak-ng-emscripten')) as unknown as {
      default: () => Promise<EspeakModule>;
    };
    const module = await mod.default();
    return { module, worker: new module.eSpeakNGWorker() };
  })();
  return engine;
}

/** Reads a NUL-terminated UTF-8 string out of the module's memory. */
export function readCString(module: EspeakModule, ptr: number): string {
  const heap = module.HEAPU8;
  let end = ptr;
  while (heap[end] !== 0 && end < heap.length) end++;
  return new TextDecoder().decode(heap.subarray(ptr, end));
}
