import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { EvaluationCategory } from '@ondoku/contract';
import { parseWav, writeWav } from '@ondoku/speech';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../../lib/storage.js';
import { createAudioMaker, MODEL_AUDIO_CHECK, MODEL_VOICE, voiceOrder, type Synthesizer } from './audio.js';

/**
 * The check of every model audio (MODEL_AUDIO_CHECK): which voice and take the installer keeps.
 * The synthesizer here writes the tone type and the take into the samples (tone × 10 + take, in
 * hundredths) and the "evaluator" scores them by a rule, so each part of the check is seen alone.
 */
const RATE = 16_000;
const codeOf = (samples: Float32Array) => Math.round(samples[0]! * 100);

interface Scored {
  toneType: number;
  take: number;
  text: string;
  category: EvaluationCategory;
  /** Every sample carries the same voice and take (an article is never mixed). */
  uniform: boolean;
}

function fakeSynth(score: (s: Scored) => number) {
  const calls = { synthesize: 0, evaluate: [] as Scored[] };
  const synth: Synthesizer = {
    synthesize: async (text, toneType, _speed, take = 0) => {
      calls.synthesize++;
      return { wav: writeWav(new Float32Array(RATE / 10).fill((toneType * 10 + take) / 100), RATE) };
    },
    evaluate: async (pcm, text, category) => {
      const code = codeOf(pcm);
      const s = {
        toneType: Math.floor(code / 10),
        take: code % 10,
        text,
        category,
        uniform: pcm.every((x) => Math.round(x * 100) === code),
      };
      calls.evaluate.push(s);
      return { total_score: score(s) };
    },
  };
  return { synth, calls };
}

let dir: string;
let storage: Storage;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-audio-'));
  storage = createLocalStorage(path.join(dir, 'files'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const makerWith = (synth: Synthesizer) =>
  createAudioMaker({ storage, synth, cacheDir: path.join(dir, 'cache'), evaluator: 'test-evaluator' });

/** The voice and take of a stored model audio. */
async function keptOf(key: string): Promise<[number, number]> {
  const code = codeOf(parseWav(new Uint8Array(await buffer(storage.read(key)))).samples);
  return [Math.floor(code / 10), code % 10];
}

describe('the check of the model audio', () => {
  it('tries the voice of the line first, then the other voices of its kind, then the others', () => {
    expect(voiceOrder(MODEL_VOICE).map((v) => v.toneType)).toEqual([5, 1, 3, 2, 6, 4]);
    expect(voiceOrder({ toneType: 3, speed: 1 }).map((v) => v.toneType)).toEqual([3, 5, 1, 2, 6, 4]);
    expect(voiceOrder({ toneType: 6, speed: 1 }).map((v) => v.toneType)).toEqual([6, 2, 4, 5, 1, 3]);
  });

  it('keeps the first take that passes, scoring a line as a child reading it is scored', async () => {
    const { synth, calls } = fakeSynth((s) => (s.toneType === 5 && s.take === 2 ? 85 : 60));
    const audio = makerWith(synth);
    expect(await keptOf((await audio.speak('school')).key)).toEqual([5, 2]);
    expect(calls.evaluate.map((s) => [s.toneType, s.take, s.category])).toEqual([
      [5, 0, 'read_word'],
      [5, 1, 'read_word'],
      [5, 2, 'read_word'],
    ]);
    calls.evaluate.length = 0;
    expect(await keptOf((await audio.speak('I walk  to school.')).key)).toEqual([5, 2]);
    expect(calls.evaluate.map((s) => [s.text, s.category])).toEqual([
      ['I walk to school.', 'read_sentence'],
      ['I walk to school.', 'read_sentence'],
      ['I walk to school.', 'read_sentence'],
    ]);
    expect(audio.stats().checks).toEqual({ checked: 2, remade: 2, lowest: 85, below: [] });
  });

  it('goes on to the other voices of the same kind before the others, and takes the first take that passes', async () => {
    const { synth } = fakeSynth((s) => (s.toneType === 3 && s.take === 1 ? 90 : s.toneType === 2 ? 99 : 50));
    expect(await keptOf((await makerWith(synth).speak('kimono')).key)).toEqual([3, 1]);
    const partner = fakeSynth((s) => (s.toneType === 4 ? 95 : s.toneType === 5 ? 99 : 10));
    expect(await keptOf((await makerWith(partner.synth).speak('Hello.', { toneType: 6, speed: 1 })).key)).toEqual([
      4, 0,
    ]);
  });

  it('keeps the best take when none passes, and reports the line', async () => {
    const { synth, calls } = fakeSynth((s) => (s.toneType === 1 && s.take === 3 ? 70 : 40));
    const audio = makerWith(synth);
    expect(await keptOf((await audio.speak('Draw a heart.')).key)).toEqual([1, 3]);
    expect(calls.evaluate).toHaveLength(6 * MODEL_AUDIO_CHECK.takes);
    expect(audio.stats().checks).toEqual({
      checked: 1,
      remade: 1,
      lowest: 70,
      below: [{ text: 'Draw a heart.', score: 70, category: 'read_sentence' }],
    });
  });

  it('checks an article as one chapter, every sentence in the same voice and take', async () => {
    const { synth, calls } = fakeSynth((s) => (s.category === 'read_chapter' && s.take === 1 ? 81 : 20));
    const made = await makerWith(synth).article(['I like summer.', 'We go to the sea.']);
    expect(calls.evaluate.map((s) => [s.text, s.category, s.uniform])).toEqual([
      ['I like summer. We go to the sea.', 'read_chapter', true],
      ['I like summer. We go to the sea.', 'read_chapter', true],
    ]);
    expect(await keptOf(made.key)).toEqual([5, 1]);
    expect(made.sentences).toEqual([
      { start_ms: 0, end_ms: 100 },
      { start_ms: 100, end_ms: 200 },
    ]);
  });

  it('remembers the check in the cache: a second install neither synthesises nor scores again', async () => {
    const first = fakeSynth((s) => (s.take === 2 ? 88 : 30));
    const key = (await makerWith(first.synth).speak('moon')).key;
    const again = fakeSynth(() => {
      throw new Error('scored again');
    });
    const audio = makerWith(again.synth);
    expect((await audio.speak('moon')).key).toBe(key);
    expect(again.calls).toEqual({ synthesize: 0, evaluate: [] });
    // …and still reports the line's kept score, so an install from the cache answers for every line.
    expect(audio.stats()).toMatchObject({ synthesised: 0, cached: 1, checks: { checked: 0, lowest: 88 } });
    // Another evaluator (a changed model or code) checks again.
    const other = fakeSynth((s) => (s.take === 0 ? 90 : 0));
    const changed = createAudioMaker({
      storage,
      synth: other.synth,
      cacheDir: path.join(dir, 'cache'),
      evaluator: 'other',
    });
    expect(await keptOf((await changed.speak('moon')).key)).toEqual([5, 0]);
    expect(other.calls.evaluate).toHaveLength(1);
  });
});
