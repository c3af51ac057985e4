import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCacheOnce } from './cache-file.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-cache-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('writeCacheOnce', () => {
  it('the first writer wins: a later writer gets the stored bytes back and changes nothing', async () => {
    const file = path.join(dir, 'ab', 'entry.wav');
    expect(await writeCacheOnce(file, new Uint8Array([1, 2, 3]))).toEqual(new Uint8Array([1, 2, 3]));
    expect(await writeCacheOnce(file, new Uint8Array([9, 9]))).toEqual(new Uint8Array([1, 2, 3]));
    expect(new Uint8Array(await fs.readFile(file))).toEqual(new Uint8Array([1, 2, 3]));
    expect(await fs.readdir(path.dirname(file))).toEqual(['entry.wav']); // no temporary file left
  });

  it('writers racing for one entry all get the same bytes', async () => {
    const file = path.join(dir, 'cd', 'race.wav');
    const got = await Promise.all([1, 2, 3, 4, 5].map((n) => writeCacheOnce(file, new Uint8Array([n, n]))));
    const stored = new Uint8Array(await fs.readFile(file));
    for (const g of got) expect(g).toEqual(stored);
  });
});
