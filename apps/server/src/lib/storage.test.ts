import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, storageKeyOf, type Storage } from './storage.js';
import { storageFromConfig } from './storage-from-config.js';

/**
 * The storage contract, run against both implementations: the local disk and an S3-compatible
 * object store (a real S3-protocol server on the loopback, test/s3-server.ts). Whatever a
 * module does with a file (store a recording, play a range of it, read an export whole, remove
 * it) behaves the same on either.
 */
async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const implementations: { name: string; open: () => Promise<{ storage: Storage; close: () => Promise<void> }> }[] = [
  {
    name: 'local',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-storage-'));
      return { storage: createLocalStorage(dir), close: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startS3Server();
      return { storage: createS3Storage(s3.settings), close: s3.close };
    },
  },
];

describe.each(implementations)('storage contract: $name', ({ open }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => close());

  const wav = randomBytes(200_000);

  it('stores bytes under their content address and says their size', async () => {
    const stored = await storage.put(wav, 'audio/wav');
    expect(stored).toEqual({ key: storageKeyOf(wav, 'audio/wav'), contentType: 'audio/wav', size: wav.byteLength });
    expect(stored.key).toMatch(/^[0-9a-f]{64}\.wav$/);
    expect(await storage.stat(stored.key)).toEqual({ size: wav.byteLength });
    expect(await storage.exists(stored.key)).toBe(true);
  });

  it('a second put of the same bytes (also at once) keeps one file', async () => {
    const bytes = randomBytes(10_000);
    const results = await Promise.all([1, 2, 3].map(() => storage.put(bytes, 'audio/webm')));
    expect(new Set(results.map((r) => r.key)).size).toBe(1);
    expect(await storage.readAll(results[0]!.key)).toEqual(bytes);
    expect((await storage.put(bytes, 'audio/webm')).key).toBe(results[0]!.key);
  });

  it('reads the whole file, or the byte range asked for (inclusive)', async () => {
    const { key } = await storage.put(wav, 'audio/wav');
    expect((await drain(storage.read(key))).equals(wav)).toBe(true);
    expect((await storage.readAll(key)).equals(wav)).toBe(true);
    // Safari's first probe is bytes=0-1. (s3rver answers bytes=0-0 with the whole object, unlike S3.)
    expect(await drain(storage.read(key, { start: 0, end: 1 }))).toEqual(wav.subarray(0, 2));
    expect(await drain(storage.read(key, { start: 1000, end: 1999 }))).toEqual(wav.subarray(1000, 2000));
    const last = wav.byteLength - 1;
    expect(await drain(storage.read(key, { start: last - 9, end: last }))).toEqual(wav.subarray(last - 9));
  });

  it('an empty file is a file', async () => {
    const { key, size } = await storage.put(new Uint8Array(0), 'text/csv');
    expect(size).toBe(0);
    expect(await storage.stat(key)).toEqual({ size: 0 });
    expect((await storage.readAll(key)).byteLength).toBe(0);
  });

  it('an unknown or malformed key is no file', async () => {
    const unknown = `${'0'.repeat(64)}.wav`;
    expect(await storage.stat(unknown)).toBeNull();
    expect(await storage.exists(unknown)).toBe(false);
    expect(await storage.stat('../etc/passwd')).toBeNull();
    expect(await storage.stat(`${'a'.repeat(64)}.exe`)).toBeNull();
    await expect(drain(storage.read(unknown))).rejects.toThrow();
    await expect(storage.readAll(unknown)).rejects.toThrow();
    expect(() => storage.read('../../x.wav')).toThrow(/Not a storage key/);
  });

  it('refuses content types it has no extension for', async () => {
    await expect(storage.put(new Uint8Array([1]), 'application/x-msdownload')).rejects.toThrow(/Unsupported/);
  });

  it('removes a file once: true when it was there, then false', async () => {
    const bytes = randomBytes(1000);
    const { key } = await storage.put(bytes, 'audio/ogg');
    expect(await storage.remove(key)).toBe(true);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.remove(key)).toBe(false);
    // Stored again after removal: there again.
    await storage.put(bytes, 'audio/ogg');
    expect(await storage.readAll(key)).toEqual(bytes);
  });

  it('a reader that stops early leaves the storage usable', async () => {
    const { key } = await storage.put(wav, 'audio/wav');
    const stream = storage.read(key);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    expect(await storage.stat(key)).toEqual({ size: wav.byteLength });
    expect(await drain(storage.read(key, { start: 5, end: 9 }))).toEqual(wav.subarray(5, 10));
  });
});

describe('storageFromConfig', () => {
  it('is the local disk by default and refuses an unknown kind', () => {
    expect(storageFromConfig({ dataDir: '/tmp/x' }).kind).toBe('local');
    expect(() => storageFromConfig({ dataDir: '/tmp/x', storage: 'ftp' })).toThrow(/"local" or "s3"/);
    expect(() => storageFromConfig({ dataDir: '/tmp/x', storage: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('is the object store with STORAGE=s3 and a bucket', () => {
    const s3 = { bucket: 'b', region: 'us-east-1', forcePathStyle: true, prefix: '' };
    expect(storageFromConfig({ dataDir: '/tmp/x', storage: 's3', s3 }).kind).toBe('s3');
  });
});

describe('S3 storage with a key prefix', () => {
  it('keeps files of two prefixes in one bucket apart', async () => {
    const s3 = await startS3Server();
    try {
      const a = createS3Storage({ ...s3.settings, prefix: 'school-a/' });
      const b = createS3Storage({ ...s3.settings, prefix: 'school-b/' });
      const { key } = await a.put(Buffer.from('a'), 'text/csv');
      expect(await a.exists(key)).toBe(true);
      expect(await b.exists(key)).toBe(false);
    } finally {
      await s3.close();
    }
  });
});
