// Text-to-speech is a function of its options: the library's installer checks each model audio
// with our evaluator and keeps a take that passes, so the same line must come out the same on
// every call, in every thread and in every process (tts/espeak.ts, reset()).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SpeechWorkerPool } from '../src/worker-pool';
import { synthesize } from '../src/tts/synthesize';

const hash = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('synthesize()', () => {
  let pool: SpeechWorkerPool | undefined;
  afterAll(() => pool?.close());

  it('gives the same samples for the same text, voice, speed and take, whatever ran before', async () => {
    const first = hash((await synthesize({ text: 'The farmer has a big star.', toneType: 5 })).wav);
    // Other voices and texts in between: each leaves the engine's random generator elsewhere.
    for (const toneType of [1, 2, 3, 4, 6]) await synthesize({ text: 'I like summer festivals.', toneType, take: 2 });
    expect(hash((await synthesize({ text: 'The farmer has a big star.', toneType: 5 })).wav)).toBe(first);
    expect(hash((await synthesize({ text: 'The farmer has a big star.', toneType: 5, take: 0 })).wav)).toBe(first);
  });

  it('gives another rendition for another take, each one repeatable', async () => {
    const takes = [];
    for (const take of [0, 1, 2, 1]) takes.push(hash((await synthesize({ text: 'school', toneType: 3, take })).wav));
    expect(new Set(takes.slice(0, 3)).size).toBe(3);
    expect(takes[3]).toBe(takes[1]);
  });

  it('gives the same samples on a worker thread and in another process', async () => {
    const here = hash((await synthesize({ text: 'My uncle is a farmer.', toneType: 3, take: 1 })).wav);
    pool = new SpeechWorkerPool({ size: 1 });
    expect(hash((await pool.synthesize('My uncle is a farmer.', 3, 1, 1)).wav)).toBe(here);
    const script = [
      "import { createHash } from 'node:crypto';",
      "import { synthesize } from './src/tts/synthesize';",
      "const r = await synthesize({ text: 'My uncle is a farmer.', toneType: 3, take: 1 });",
      "console.log(createHash('sha256').update(r.wav).digest('hex'));",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe(here);
  }, 60_000);
});
