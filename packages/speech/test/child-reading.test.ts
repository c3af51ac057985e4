import { describe, expect, it } from 'vitest';
import { addRoomNoise, planReading, READER_VOICES, synthesizeChildReading } from '../src/tts/child-reading';
import { TONE_TYPES } from '../src/tts/voices';

describe('children’s readings (demo seed)', () => {
  it('never uses a voice the product offers as a tone type (the model voice and the dialog partners)', () => {
    const offered = new Set(TONE_TYPES.map((t) => t.voice));
    for (const v of READER_VOICES) expect(offered.has(v)).toBe(false);
  });

  it('plans a clean reading, a skipped word and a replaced word inside the sentence', () => {
    const text = 'My sister plays the piano every day.';
    expect(planReading(text, { slip: 'none', seed: 1 })).toEqual({ spoken: text, target: -1, slip: 'none' });
    for (let seed = 1; seed < 30; seed++) {
      const skip = planReading(text, { slip: 'skip', seed });
      expect(skip.target).toBeGreaterThan(0);
      expect(skip.target).toBeLessThan(6);
      const words = text.split(' ');
      expect(skip.spoken).toBe(words.filter((_, i) => i !== skip.target).join(' '));
      const sub = planReading(text, { slip: 'substitute', seed });
      expect(sub.spoken.split(' ')[sub.target]).toBe(sub.replacement);
      expect(sub.replacement).not.toBe(words[sub.target]!.toLowerCase());
    }
    // Punctuation of a skipped last-but-one word stays; the same seed gives the same plan.
    expect(planReading('Yes, I do.', { slip: 'skip', seed: 3 })).toEqual(
      planReading('Yes, I do.', { slip: 'skip', seed: 3 }),
    );
    // A single word cannot be left out: it is read as another word.
    const word = planReading('apple', { slip: 'skip', seed: 5 });
    expect(word.slip).toBe('substitute');
    expect(word.spoken).not.toBe('apple');
  });

  it('adds seeded noise at the asked SNR with a quiet lead and tail', () => {
    const tone = Float32Array.from({ length: 16_000 }, (_, i) => 0.5 * Math.sin(i / 5));
    const a = addRoomNoise(tone, 20, 7);
    expect(a).toEqual(addRoomNoise(tone, 20, 7));
    expect(a.length).toBe(16_000 + 0.9 * 16_000);
    let noise = 0;
    for (let i = 0; i < 6400; i++) noise += a[i]! ** 2;
    const snr = 10 * Math.log10(0.125 / (noise / 6400));
    expect(snr).toBeGreaterThan(18);
    expect(snr).toBeLessThan(22);
  });

  it('synthesises 16 kHz PCM of what the child reads', async () => {
    const r = await synthesizeChildReading('I can swim fast.', {
      voice: READER_VOICES[1],
      speed: 0.9,
      snrDb: 25,
      slip: 'skip',
      seed: 2,
    });
    expect(r.spoken).toBe('I swim fast.');
    expect(r.pcm).toBeInstanceOf(Int16Array);
    expect(r.duration_ms).toBeGreaterThan(1200);
    expect(Math.abs(r.pcm.length / 16 - r.duration_ms)).toBeLessThan(1);
  });
});
