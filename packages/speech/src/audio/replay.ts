// Is this reading the model audio played back? An audio fingerprint of the recording itself (not
// of its words): spectral-peak landmarks hashed in pairs (Wang 2003, "An Industrial-Strength
// Audio Search Algorithm"), matched by a consistent time offset. Two readings of the same text by
// different voices share words, not peaks: their pitch harmonics and timing differ, so their
// pairs of peaks agree only by chance; a replay, even through a loudspeaker, a room, noise and the
// Opus codec, keeps most of its strongest peaks where they were. README.md, "Replayed model audio",
// says how the threshold was calibrated.
import { FFT } from '../frontend/fft';

const SAMPLE_RATE = 16_000;
/** 32 ms windows every 16 ms. */
const FFT_SIZE = 512;
const HOP = 256;
/** Bins kept: 250 Hz – 4 kHz (31.25 Hz each), what a laptop speaker and Opus both keep of a voice. */
const MIN_BIN = 8;
const MAX_BIN = 128;
/** A peak is the largest value within ±PEAK_T frames and ±PEAK_F bins. */
const PEAK_T = 4;
const PEAK_F = 4;
/** Peaks kept per frame at most (the strongest), and their floor below the frame's strongest. */
const PEAKS_PER_FRAME = 4;
const PEAK_RANGE_DB = 30;
/** A frame quieter than this (−55 dBFS mean power) holds no peaks: silence and a quiet room. */
const FRAME_FLOOR = 10 ** (-55 / 10);
/** Pairs: each anchor with its first FAN_OUT peaks 1…MAX_DT frames later within ±MAX_DF bins. */
const FAN_OUT = 10;
const MAX_DT = 40;
const MAX_DF = 63;

/** Landmark hashes of a recording: `hash[i]` was seen at frame `time[i]`. */
export interface ReplayFingerprint {
  hashes: Uint32Array;
  times: Uint32Array;
  /** Frames (16 ms) fingerprinted. */
  frames: number;
}

/**
 * A fingerprint ready to be matched against: its pairs sorted by hash (8 bytes a pair, about
 * 20 KB per second of model audio), looked up by binary search.
 */
export interface ReplayReference {
  hashes: Uint32Array;
  times: Uint32Array;
  frames: number;
}

export interface ReplayMatch {
  /** Pairs of the reading found in the reference at the best offset (± one frame). */
  matched: number;
  /** The reading's pairs. */
  pairs: number;
  /** matched / pairs. */
  ratio: number;
  /** The reference's frame where the reading's frame 0 lies (the replay's time offset). */
  offset: number;
}

/**
 * The decision (calibrated on speechocean762's train split: README.md, "Replayed model audio"): a
 * replay holds at least `minMatched` pairs at one offset and they are at least `minRatio` of the
 * reading's pairs. No real reading of train came within two thirds of either (at most 13 pairs,
 * a share of at most 0.0126).
 */
export const REPLAY_THRESHOLD = { minMatched: 20, minRatio: 0.02 } as const;

/**
 * Computes the landmarks of a stream incrementally: `push` audio (16 kHz mono, Int16 or float in
 * −1…1) as it arrives, `fingerprint()` at the end. Costs one 512-point FFT per 16 ms of audio.
 */
export class ReplayFingerprinter {
  private readonly fft = new FFT(FFT_SIZE);
  private readonly window = hann(FFT_SIZE);
  private readonly re = new Float64Array(FFT_SIZE);
  private readonly im = new Float64Array(FFT_SIZE);
  /** Samples not yet framed (float). */
  private buffer = new Float32Array(FFT_SIZE * 4);
  private buffered = 0;
  /** Log spectra of the frames whose peaks are not decided yet (ring of 2·PEAK_T+1). */
  private readonly spectra: Array<{ t: number; logp: Float32Array; loud: boolean; max: number }> = [];
  private frame = 0;
  /** Peaks found so far whose pairs are not all known yet. */
  private readonly open: Array<{ t: number; f: number }> = [];
  private hashes: number[] = [];
  private times: number[] = [];

  push(pcm: Int16Array | Float32Array) {
    const scale = pcm instanceof Int16Array ? 1 / 32768 : 1;
    let at = 0;
    while (at < pcm.length) {
      const n = Math.min(pcm.length - at, this.buffer.length - this.buffered);
      for (let i = 0; i < n; i++) this.buffer[this.buffered + i] = pcm[at + i]! * scale;
      this.buffered += n;
      at += n;
      let start = 0;
      while (this.buffered - start >= FFT_SIZE) {
        this.analyse(this.buffer.subarray(start, start + FFT_SIZE));
        start += HOP;
      }
      this.buffer.copyWithin(0, start, this.buffered);
      this.buffered -= start;
    }
  }

  /** The landmarks of everything pushed (the stream's end settles the last peaks). */
  fingerprint(): ReplayFingerprint {
    for (let i = 0; i < PEAK_T; i++) this.addSpectrum(null);
    this.pairUp(Infinity);
    const out = { hashes: Uint32Array.from(this.hashes), times: Uint32Array.from(this.times), frames: this.frame };
    return out;
  }

  private analyse(samples: Float32Array) {
    let energy = 0;
    for (let i = 0; i < FFT_SIZE; i++) {
      const s = samples[i]!;
      energy += s * s;
      this.re[i] = s * this.window[i]!;
      this.im[i] = 0;
    }
    const loud = energy / FFT_SIZE >= FRAME_FLOOR;
    const logp = new Float32Array(MAX_BIN - MIN_BIN + 1);
    let max = -Infinity;
    if (loud) {
      this.fft.transform(this.re, this.im);
      for (let k = MIN_BIN; k <= MAX_BIN; k++) {
        const v = 10 * Math.log10(this.re[k]! * this.re[k]! + this.im[k]! * this.im[k]! + 1e-12);
        logp[k - MIN_BIN] = v;
        if (v > max) max = v;
      }
    }
    this.addSpectrum({ logp, loud, max });
  }

  /** Adds a frame's spectrum (null: past the end) and decides the peaks of the frame PEAK_T back. */
  private addSpectrum(s: { logp: Float32Array; loud: boolean; max: number } | null) {
    this.spectra.push(s ? { t: this.frame, ...s } : { t: this.frame, logp: new Float32Array(0), loud: false, max: 0 });
    this.frame++;
    if (this.spectra.length > 2 * PEAK_T + 1) this.spectra.shift();
    const mid = this.spectra.length - 1 - PEAK_T;
    if (mid < 0) return;
    const c = this.spectra[mid]!;
    if (!c.loud) return;
    const found: Array<{ f: number; v: number }> = [];
    const bins = c.logp.length;
    for (let f = 0; f < bins; f++) {
      const v = c.logp[f]!;
      if (v < c.max - PEAK_RANGE_DB) continue;
      let isPeak = true;
      for (const o of this.spectra) {
        if (!o.loud) continue;
        const lo = Math.max(0, f - PEAK_F);
        const hi = Math.min(bins - 1, f + PEAK_F);
        for (let g = lo; g <= hi; g++) {
          const w = o.logp[g]!;
          if (w > v || (w === v && (o.t < c.t || (o.t === c.t && g < f)))) {
            isPeak = false;
            break;
          }
        }
        if (!isPeak) break;
      }
      if (isPeak) found.push({ f, v });
    }
    found.sort((a, b) => b.v - a.v);
    for (const p of found.slice(0, PEAKS_PER_FRAME)) this.open.push({ t: c.t, f: p.f });
    this.pairUp(c.t);
  }

  /** Hashes the pairs of every open anchor whose target zone is complete by frame `upTo`. */
  private pairUp(upTo: number) {
    let done = 0;
    for (let i = 0; i < this.open.length; i++) {
      const a = this.open[i]!;
      if (a.t + MAX_DT > upTo) break;
      let fan = 0;
      for (let j = i + 1; j < this.open.length && fan < FAN_OUT; j++) {
        const b = this.open[j]!;
        const dt = b.t - a.t;
        if (dt > MAX_DT) break;
        if (dt < 1) continue;
        const df = b.f - a.f;
        if (df < -MAX_DF || df > MAX_DF) continue;
        this.hashes.push(((a.f << 13) | ((df + MAX_DF) << 6) | dt) >>> 0);
        this.times.push(a.t);
        fan++;
      }
      done = i + 1;
    }
    if (done) this.open.splice(0, done);
  }
}

function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
}

/** The landmarks of a whole recording (16 kHz mono). */
export function replayFingerprintOf(pcm: Int16Array | Float32Array): ReplayFingerprint {
  const f = new ReplayFingerprinter();
  f.push(pcm);
  return f.fingerprint();
}

/** Indexes a model recording's landmarks for matching (built once per model audio). */
export function replayReferenceOf(fp: ReplayFingerprint): ReplayReference {
  // hash · 2³² + time is exact in a double (hashes have 20 bits): one native numeric sort.
  const keys = new Float64Array(fp.hashes.length);
  for (let i = 0; i < keys.length; i++) keys[i] = fp.hashes[i]! * 4294967296 + fp.times[i]!;
  keys.sort();
  const hashes = new Uint32Array(keys.length);
  const times = new Uint32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    hashes[i] = Math.floor(keys[i]! / 4294967296);
    times[i] = keys[i]! % 4294967296;
  }
  return { hashes, times, frames: fp.frames };
}

/** The first index of `hashes` (sorted) holding a value ≥ h. */
function lowerBound(hashes: Uint32Array, h: number): number {
  let lo = 0;
  let hi = hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (hashes[mid]! < h) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How much of a reading is the reference played back: the pairs at the most common offset. */
export function matchReplay(reading: ReplayFingerprint, reference: ReplayReference): ReplayMatch {
  const counts = new Map<number, number>();
  const { hashes, times } = reference;
  for (let i = 0; i < reading.hashes.length; i++) {
    const h = reading.hashes[i]!;
    const t = reading.times[i]!;
    for (let j = lowerBound(hashes, h); j < hashes.length && hashes[j] === h; j++) {
      const o = times[j]! - t;
      counts.set(o, (counts.get(o) ?? 0) + 1);
    }
  }
  let matched = 0;
  let offset = 0;
  for (const [o, n] of counts) {
    // A replay that starts between two frames splits its pairs over neighbouring offsets.
    const sum = n + (counts.get(o - 1) ?? 0) + (counts.get(o + 1) ?? 0);
    if (sum > matched || (sum === matched && o < offset)) {
      matched = sum;
      offset = o;
    }
  }
  const pairs = reading.hashes.length;
  return { matched, pairs, ratio: pairs ? matched / pairs : 0, offset };
}

/** Whether a match is a replay (REPLAY_THRESHOLD). */
export function isReplay(m: ReplayMatch, threshold: { minMatched: number; minRatio: number } = REPLAY_THRESHOLD) {
  return m.matched >= threshold.minMatched && m.ratio >= threshold.minRatio;
}

export const REPLAY_SAMPLE_RATE = SAMPLE_RATE;
