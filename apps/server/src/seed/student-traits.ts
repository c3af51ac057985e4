import { READER_VOICES, type ReaderProfile } from '@ondoku/speech';

/**
 * How the demo children behave (docs/seed.md): each child has a way of reading (one of a pool of
 * reader profiles: voice, speed, room noise), a diligence (how likely they hand homework in) and
 * a care (how often a reading slips: a skipped or replaced word). Everything follows from the
 * child's id, so a seed is the same on every machine. The pool is small on purpose: a recording
 * of one text by one profile is made and scored once and then heard from every child sharing
 * that profile (the large sizes could not evaluate a million and a half readings otherwise).
 */

/** A small deterministic generator. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A stable number in [0, 1) for a combination of numbers. */
export function chance(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p & 0xffff), 16777619) >>> 0;
    h = Math.imul(h ^ (p >>> 16), 16777619) >>> 0;
  }
  h ^= h >>> 15;
  h = Math.imul(h, 2246822507) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

const SPEEDS = [0.85, 1.15, 1, 0.9, 1.05, 0.8, 1.1, 0.95];
const NOISE_DB = [30, 18, 24, 35, 14, 26, 20, 32];

/** `count` reader profiles (clean readings): the voices in turn, with speeds and noise levels. */
export function readerPool(count: number): Omit<ReaderProfile, 'slip'>[] {
  return Array.from({ length: count }, (_, i) => ({
    voice: READER_VOICES[i % READER_VOICES.length]!,
    speed: SPEEDS[i % SPEEDS.length]!,
    snrDb: NOISE_DB[(i * 3) % NOISE_DB.length]!,
    seed: 1 + i,
  }));
}

export interface StudentTraits {
  /** Index into the reader pool. */
  reader: number;
  /** Probability of handing a homework in. */
  diligence: number;
  /** Probability that one reading slips. */
  slipRate: number;
  /** Hour (JST) the child usually practises. */
  hour: number;
}

export function traitsOf(studentId: number, poolSize: number): StudentTraits {
  const a = chance(studentId, 1);
  const b = chance(studentId, 2);
  return {
    reader: Math.floor(chance(studentId, 3) * poolSize),
    // Most children hand in most homework; a few hardly any.
    diligence: a < 0.08 ? 0.35 : a < 0.3 ? 0.75 : 0.95,
    slipRate: b < 0.2 ? 0.35 : b < 0.6 ? 0.12 : 0.03,
    hour: 16 + Math.floor(chance(studentId, 4) * 5),
  };
}

/**
 * The profile of one reading: the child's reader, slipping as often as the child does (less on
 * later tries of the same topic: practice helps).
 */
export function readingProfile(
  pool: Omit<ReaderProfile, 'slip'>[],
  traits: StudentTraits,
  key: { studentId: number; topicId: number; item: number; attempt: number },
): ReaderProfile {
  const reader = pool[traits.reader % pool.length]!;
  const r = chance(key.studentId, key.topicId, key.item, key.attempt);
  const rate = traits.slipRate / (1 + key.attempt);
  const slip = r < rate / 2 ? 'skip' : r < rate ? 'substitute' : 'none';
  return { ...reader, slip };
}
