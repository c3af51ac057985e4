// The replay check (src/audio/replay.ts): the model audio played back, through the degradations
// of a loudspeaker, a room, noise and the recorder's Opus codec, is recognised; another voice
// reading the same text is not (README.md, "Replayed model audio").
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isReplay,
  matchReplay,
  ReplayFingerprinter,
  replayFingerprintOf,
  replayReferenceOf,
  type ReplayReference,
} from '../src/audio/replay';
import { synthesize } from '../src/tts/synthesize';
import { synthesizeChildReading } from '../src/tts/child-reading';
import { DEGRADATIONS } from '../bench/replay-degrade';

const TEXT = 'My sister likes to play the piano after school.';
let model: Float32Array;
let reference: ReplayReference;

beforeAll(async () => {
  // The library's model voice (apps/server library/audio.ts MODEL_VOICE: tone type 5).
  model = (await synthesize({ text: TEXT, toneType: 5 })).samples;
  reference = replayReferenceOf(replayFingerprintOf(model));
}, 60_000);

describe('replayed model audio', () => {
  it.each(DEGRADATIONS.slice(0, 7).map((d) => [d.name, d.apply] as const))('is recognised: %s', (_name, apply) => {
    const m = matchReplay(replayFingerprintOf(apply(model, 7)), reference);
    expect(isReplay(m), JSON.stringify(m)).toBe(true);
  });

  it('is recognised from audio pushed in chunks as it arrives (the same landmarks as at once)', () => {
    const played = DEGRADATIONS[2]!.apply(model, 3);
    const pcm = Int16Array.from(played, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
    const f = new ReplayFingerprinter();
    for (let i = 0; i < pcm.length; i += 1234) f.push(pcm.subarray(i, i + 1234));
    const chunked = f.fingerprint();
    const whole = replayFingerprintOf(pcm);
    expect(Array.from(chunked.hashes)).toEqual(Array.from(whole.hashes));
    expect(isReplay(matchReplay(chunked, reference))).toBe(true);
  });

  it('a child’s reading of the same text in another voice is not a replay', async () => {
    for (const voice of ['en-us+f4', 'en-us+m1', 'en-gb-x-gbclan'] as const) {
      const reading = await synthesizeChildReading(TEXT, { voice, speed: 0.9, snrDb: 30, slip: 'none', seed: 5 });
      const m = matchReplay(replayFingerprintOf(reading.pcm), reference);
      expect(isReplay(m), `${voice}: ${JSON.stringify(m)}`).toBe(false);
      expect(m.matched).toBeLessThan(10);
    }
  }, 60_000);

  it('silence and a text’s other model line are not replays', async () => {
    expect(isReplay(matchReplay(replayFingerprintOf(new Float32Array(16_000 * 3)), reference))).toBe(false);
    const other = (await synthesize({ text: 'We go to the park on Sunday.', toneType: 5 })).samples;
    expect(isReplay(matchReplay(replayFingerprintOf(other), reference))).toBe(false);
  }, 60_000);
});
