import fs from 'node:fs/promises';
import path from 'node:path';

let temp = 0;

/**
 * Writes a cache entry once: the first writer wins and every later writer gets the winner's
 * bytes back. Two processes filling the same cache at once (the two API test projects' setups, two
 * servers on one DATA_DIR) must agree on one file: a rename would let the last writer replace the
 * bytes the first one already stored elsewhere under their hash, had they differed (text-to-speech
 * is repeatable since 24 November 2026, but an entry made by another version of the code may not be).
 */
export async function writeCacheOnce(file: string, bytes: Uint8Array): Promise<Uint8Array> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${++temp}.tmp`;
  await fs.writeFile(tmp, bytes);
  try {
    await fs.link(tmp, file);
    return bytes;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = await fs.readFile(file);
    return new Uint8Array(winner.buffer, winner.byteOffset, winner.byteLength);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}
