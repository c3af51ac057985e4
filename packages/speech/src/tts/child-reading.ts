// Children's readings for the demo school and tests (docs/seed.md, "How the recordings are made"):
// a text read by a text-to-speech voice that is NOT the library's model voice, at the reader's own
// speed, in a noisy room, and — for some readers — with one word left out or read as another word.
// The result is 16 kHz mono PCM, ready to be streamed to the evaluator like a browser recording.
// Deterministic: the same text and profile always give the same samples (seeded noise and word
// choice).
import { TARGET_SAMPLE_RATE } from '../audio/resample';
import { synthesize } from './synthesize';

/** How one (demo) child reads. */
export interface ReaderProfile {
  /** eSpeak NG voice name: one of READER_VOICES (never the model voice). */
  voice: string;
  /** Speaking rate, 1 = 175 words/min (clamped to 0.5–2 by the synthesiser). */
  speed: number;
  /** Signal-to-noise ratio of the room noise in dB (40: quiet room, 12: noisy classroom). */
  snrDb: number;
  /** What the child gets wrong in this reading: nothing, one word left out, one word read as another. */
  slip: 'none' | 'skip' | 'substitute';
  /** Chooses the slipped word, the replacement and the noise. */
  seed: number;
}

/**
 * Voices children read with: eSpeak NG voices other than every tone type's (the library's model
 * voice is tone type 5, en-us+f2, its partners 3, 2, 6, and its check may fall back to any tone
 * type: apps/server library/audio.ts). Mostly the higher variants.
 */
export const READER_VOICES = [
  'en-us+f1',
  'en-us+f4',
  'en-us+m1',
  'en-gb-x-gbclan',
  'en-gb-scotland',
  'en-us+f5',
  'en-gb-x-gbcwmd+f1',
  'en-us+m2',
] as const;

/** Words a child reads in place of the text's word (plain words unlike most others). */
const REPLACEMENTS = [
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
  'zebra',
  'kitchen',
];

/** Silence (room noise only) before and after the speech, as a recorder captures it. */
const LEAD_MS = 400;
const TAIL_MS = 500;

export interface ReadingPlan {
  /** The text as the child reads it. */
  spoken: string;
  /** Index (in the text's words) of the skipped or replaced word; -1 for a clean reading. */
  target: number;
  /** The word read instead (substitute). */
  replacement?: string;
  /** What actually happened (a one-word text cannot be skipped: it is read as another word). */
  slip: ReaderProfile['slip'];
}

export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Stable 32-bit hash of a string (FNV-1a). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const hasLetter = (token: string) => /[A-Za-z]/.test(token);

/**
 * Which word slips. Words are the white-space separated tokens with letters; the first and last
 * word are kept when the text has more than two (a child stumbles inside a sentence, and an
 * omission at an edge is only silence). Punctuation attached to a skipped word stays.
 */
export function planReading(text: string, profile: Pick<ReaderProfile, 'slip' | 'seed'>): ReadingPlan {
  const tokens = text.replace(/\s+/g, ' ').trim().split(' ');
  const wordAt = tokens.flatMap((t, i) => (hasLetter(t) ? [i] : []));
  if (profile.slip === 'none' || wordAt.length === 0) return { spoken: tokens.join(' '), target: -1, slip: 'none' };
  const r = random(hash32(text) ^ profile.seed);
  const pick = wordAt.length > 2 ? 1 + Math.floor(r() * (wordAt.length - 2)) : Math.floor(r() * wordAt.length);
  const slip = profile.slip === 'skip' && wordAt.length < 2 ? 'substitute' : profile.slip;
  const token = tokens[wordAt[pick]!]!;
  const [, before = '', core = '', after = ''] = /^([^A-Za-z']*)([A-Za-z'-]+)(.*)$/.exec(token) ?? [];
  if (slip === 'skip') {
    const kept = `${before}${after}`;
    const out = tokens.map((t, i) => (i === wordAt[pick] ? kept : t)).filter((t) => t !== '');
    return { spoken: out.join(' '), target: pick, slip };
  }
  let replacement = REPLACEMENTS[Math.floor(r() * REPLACEMENTS.length)]!;
  if (replacement === core.toLowerCase()) replacement = 'garden';
  const out = tokens.map((t, i) => (i === wordAt[pick] ? `${before}${replacement}${after}` : t));
  return { spoken: out.join(' '), target: pick, replacement, slip };
}

/** Speech with seeded Gaussian room noise at the given SNR, and noise-only lead and tail. */
export function addRoomNoise(speech: Float32Array, snrDb: number, seed: number): Float32Array {
  const r = random(seed);
  let power = 0;
  for (const x of speech) power += x * x;
  power /= Math.max(1, speech.length);
  const sigma = Math.sqrt(power / 10 ** (snrDb / 10));
  const lead = Math.round((LEAD_MS * TARGET_SAMPLE_RATE) / 1000);
  const tail = Math.round((TAIL_MS * TARGET_SAMPLE_RATE) / 1000);
  const out = new Float32Array(lead + speech.length + tail);
  for (let i = 0; i < out.length; i++) {
    const g = Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
    const s = i >= lead && i < lead + speech.length ? speech[i - lead]! : 0;
    out[i] = Math.max(-1, Math.min(1, s + g * sigma));
  }
  return out;
}

export interface ChildReading extends ReadingPlan {
  /** 16 kHz mono, 16-bit PCM. */
  pcm: Int16Array;
  duration_ms: number;
}

/** Synthesises one child's reading of a text (runs eSpeak: call it on a worker thread in a server). */
export async function synthesizeChildReading(text: string, profile: ReaderProfile): Promise<ChildReading> {
  const plan = planReading(text, profile);
  const tts = await synthesize({ text: plan.spoken, voice: profile.voice, speed: profile.speed });
  const noisy = addRoomNoise(tts.samples, profile.snrDb, hash32(text) ^ Math.imul(profile.seed, 2654435761));
  const pcm = new Int16Array(noisy.length);
  for (let i = 0; i < noisy.length; i++) pcm[i] = Math.round(noisy[i]! * 32767);
  return { ...plan, pcm, duration_ms: Math.round((pcm.length / TARGET_SAMPLE_RATE) * 1000) };
}
