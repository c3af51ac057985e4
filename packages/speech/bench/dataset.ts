// A synthetic test set for the benchmark and the score calibration: sentences read by the TTS
// voices other than the reference voice (tone type 1), at several speeds, with white noise and
// half a second of room noise before and after. Deterministic (seeded noise).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { synthesize } from '../src/tts/synthesize';

export const REFERENCE_TONE = 1;
export const TEST_TONES = [2, 3, 4, 5, 6];
export const SPEEDS = [0.8, 1.0, 1.3];
/** Calibration voices: eSpeak NG voices that are neither the reference nor a test voice. */
export const CALIBRATION_VOICES = [
  'en-us+m1',
  'en-us+f4',
  'en-us+m2',
  'en-us+m4',
  'en-gb-x-gbclan',
  'en-gb-scotland',
  'en-gb-x-gbcwmd+f1',
  'en-us+f1',
];

export const SENTENCES = [
  'I like to play soccer with my friends after school.',
  'My sister reads a book in the library every morning.',
  'We went to the park and saw a big brown dog.',
  'Can you help me carry these boxes to the kitchen?',
  'The weather is sunny and warm today.',
  'He drinks a glass of milk before he goes to bed.',
  'Our teacher gave us a lot of homework this week.',
  'Please open the window because it is hot in here.',
  'My father cooks dinner for our family on Sundays.',
  'There are seven days in a week.',
  'She wants to be a doctor when she grows up.',
  'The children are singing a song in the music room.',
  'I have a red pencil and a blue notebook.',
  'Do you know where the train station is?',
  'They are swimming in the river near their house.',
  'Tom plays the piano very well.',
  'We eat rice and fish for lunch.',
  'My favorite animal is the elephant.',
  'It is raining, so take your umbrella.',
  'The cat is sleeping under the table.',
  // Calibration only (bench/calibrate-*.ts with CAL_SENTENCES=30), never in the benchmark.
  'I get up at seven and eat breakfast with my mother.',
  'Look at the bird on the roof of our school.',
  'My brother can run faster than me.',
  'We play games in the gym when it rains.',
  'What time do you go to bed at night?',
  'The library has many books about animals and space.',
  'I want to visit Kyoto with my family next summer.',
  'Her dog likes to chase balls in the yard.',
  'Please wash your hands before you eat lunch.',
  'Our class will sing a song at the festival.',
  'He found a small green frog near the pond.',
  'Do you like apples or bananas better?',
  'My grandmother makes delicious cookies for us.',
  'The bus stops in front of the post office.',
  'We clean our classroom after school every day.',
  'There is a tall tree next to my house.',
  'I draw pictures of flowers in my art class.',
  'They go fishing in the lake on weekends.',
  'Can I borrow your eraser for a minute?',
  'The moon is very bright tonight.',
];

/** Replacement words for the "read a different word" case: plain words that sound unlike most. */
export const REPLACEMENTS = [
  'orange',
  'jump',
  'yellow',
  'window',
  'happy',
  'seven',
  'rabbit',
  'chair',
  'lunch',
  'music',
  'bridge',
  'pencil',
  'garden',
  'thank',
  'zebra',
  'kitchen',
];

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Seed of a reading: sentence index in the set, voice (tone type or index in the voice list), speed. */
export function caseSeed(si: number, tone: number | string, tones: Array<number | string>, speed: number): number {
  return si * 1000 + (typeof tone === 'number' ? tone : 100 + tones.indexOf(tone)) * 10 + Math.round(speed * 10);
}

/** The "read another word" case: one word of the text replaced by a REPLACEMENTS word (draws twice). */
export function replaceOneWord(ws: string[], r: () => number): { index: number; words: string[] } {
  const index = Math.floor(r() * ws.length);
  let rep = REPLACEMENTS[Math.floor(r() * REPLACEMENTS.length)]!;
  if (rep.toLowerCase() === ws[index]!.toLowerCase()) rep = 'garden';
  return { index, words: ws.map((w, i) => (i === index ? rep : w)) };
}

/** The "leave a word out" case: not the first or last word (those are easy). */
export function omittedIndex(ws: string[], r: () => number): number {
  return ws.length > 2 ? 1 + Math.floor(r() * (ws.length - 2)) : 0;
}

/** Adds Gaussian white noise at the given SNR (dB) and 0.5 s of padding noise each side. */
export function addNoise(speech: Float32Array, snrDb: number, seed: number): Float32Array {
  const r = rng(seed);
  let power = 0;
  for (const x of speech) power += x * x;
  power /= Math.max(1, speech.length);
  const sigma = Math.sqrt(power / 10 ** (snrDb / 10));
  const pad = 8000;
  const out = new Float32Array(speech.length + 2 * pad);
  for (let i = 0; i < out.length; i++) {
    const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    out[i] = g * sigma + (i >= pad && i < pad + speech.length ? speech[i - pad]! : 0);
  }
  return out;
}

export interface Utterance {
  text: string;
  tone: number | string;
  speed: number;
  samples: Float32Array;
}

/** Tone type (number) or eSpeak voice name (calibration voices). BENCH_CACHE=<dir> caches the audio. */
export async function speak(
  text: string,
  tone: number | string,
  speed: number,
  snrDb: number,
  seed: number,
): Promise<Utterance> {
  const cacheDir = process.env.BENCH_CACHE;
  const key = `${text}|${tone}|${speed}|${snrDb}|${seed}`;
  const file = cacheDir ? path.join(cacheDir, `${hash(key)}.f32`) : '';
  if (file && existsSync(file)) {
    const b = readFileSync(file);
    return { text, tone, speed, samples: new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)) };
  }
  const r = await synthesize(typeof tone === 'number' ? { text, toneType: tone, speed } : { text, voice: tone, speed });
  const samples = addNoise(r.samples, snrDb, seed);
  if (file) {
    mkdirSync(cacheDir!, { recursive: true });
    writeFileSync(file, new Uint8Array(samples.buffer));
  }
  return { text, tone, speed, samples };
}

function hash(s: string): string {
  let h = 0x811c9dc5;
  let h2 = 0;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    h2 = (Math.imul(h2, 31) + s.charCodeAt(i)) >>> 0;
  }
  return h.toString(16) + h2.toString(16);
}

export function words(text: string): string[] {
  return text.match(/[A-Za-z']+/g) ?? [];
}

export interface ReadingCase {
  kind: 'correct' | 'replaced' | 'omitted';
  tone: number | string;
  speed: number;
  samples: Float32Array;
  /** The text the reading is evaluated against, and its words. */
  text: string;
  words: string[];
  /** Index of the replaced / omitted word (-1 for a correct reading). */
  target: number;
  /** The word actually read in place of the target (replaced readings). */
  spoken?: string;
}

/**
 * The correct, replaced and omitted readings of the calibration set (bench/omission-dev.ts,
 * bench/word-cases-dev.ts), seeded as in collect.ts. Environment: CAL_FIRST (first sentence, 10),
 * CAL_SENTENCES (10; 30 for the whole calibration set), CAL_PART=k/n (only sentences with index
 * ≡ k mod n, to run n processes side by side), CAL_TONES=test (the benchmark voices instead).
 */
export async function* calibrationCases(): AsyncGenerator<ReadingCase> {
  const test = process.env.CAL_TONES === 'test';
  const first = Number(process.env.CAL_FIRST ?? (test ? 0 : 10));
  const sentences = SENTENCES.slice(first, first + Number(process.env.CAL_SENTENCES ?? 10));
  const tones: Array<number | string> = test ? TEST_TONES : CALIBRATION_VOICES;
  const [part, parts] = (process.env.CAL_PART ?? '0/1').split('/').map(Number) as [number, number];
  for (const [si, text] of sentences.entries()) {
    if (si % parts !== part) continue;
    for (const tone of tones) {
      for (const speed of SPEEDS) {
        const seed = caseSeed(si, tone, tones, speed);
        const r = rng(seed);
        const u = await speak(text, tone, speed, 20, seed);
        const ws = words(text);
        r(); // collect.ts draws the wrong text's sentence here
        const { index: ri, words: replaced } = replaceOneWord(ws, r);
        const oi = omittedIndex(ws, r);
        const uo = await speak(ws.filter((_, i) => i !== oi).join(' '), tone, speed, 20, seed + 1);
        const base = { tone, speed };
        yield { ...base, kind: 'correct', samples: u.samples, text, words: ws, target: -1 };
        yield {
          ...base,
          kind: 'replaced',
          samples: u.samples,
          text: replaced.join(' '),
          words: replaced,
          target: ri,
          spoken: ws[ri],
        };
        yield { ...base, kind: 'omitted', samples: uo.samples, text: ws.join(' '), words: ws, target: oi };
      }
    }
  }
}
