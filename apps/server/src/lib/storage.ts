import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * File storage behind one interface (docs/library.md, "Storage"): library model audio and
 * pictures now, children's recordings later. Files are content-addressed — the key is the
 * SHA-256 of the bytes (hex) plus an extension from the content type — so a key never changes
 * meaning, a second put of the same bytes is free, and readers may cache a key forever.
 *
 * `remove` exists for recordings only (library files are never deleted).
 *
 * `createLocalStorage(dir)` keeps files under DATA_DIR/files (`ab/abcdef….wav`); an S3-compatible
 * object store is the other implementation (s3-storage.ts: `put` a PUT of the key, `stat` a HEAD,
 * `read` a ranged GET); storage-from-config.ts picks one by configuration. Both pass the same
 * contract tests (storage.test.ts).
 */
export interface StoredFile {
  key: string;
  contentType: string;
  size: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes (no-op when the key exists) and answers their content address. */
  put(bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  /** Size of a stored file, or null when the key is unknown or malformed. */
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** The bytes from `start` to `end` inclusive (the whole file without a range). */
  read(key: string, range?: { start: number; end: number }): Readable;
  readAll(key: string): Promise<Buffer>;
  /**
   * Deletes a file (children's recordings that nothing references any more); true when it was
   * there. The caller makes sure no row still names the key: keys are shared by equal bytes.
   */
  remove(key: string): Promise<boolean>;
}

/** Content types we store, with the extension of their keys. */
export const storedTypes: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'application/pdf': 'pdf',
};
const typeOfExtension = Object.fromEntries(Object.entries(storedTypes).map(([t, e]) => [e, t]));

/** A well-formed key: 64 hex digits, a dot and a known extension. */
export const storageKeyPattern = /^[0-9a-f]{64}\.(wav|mp3|m4a|ogg|webm|svg|png|jpg|xlsx|csv|pdf)$/;

export const isStorageKey = (key: string) => storageKeyPattern.test(key);

export const contentTypeOfKey = (key: string): string | undefined => typeOfExtension[key.split('.').pop() ?? ''];

export function storageKeyOf(bytes: Uint8Array, contentType: string): string {
  const ext = storedTypes[contentType];
  if (!ext) throw new Error(`Unsupported content type for storage: ${contentType}`);
  return `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
}

export function createLocalStorage(dir: string): Storage {
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    kind: 'local',
    async put(bytes, contentType) {
      const key = storageKeyOf(bytes, contentType);
      const file = fileOf(key);
      const size = bytes.byteLength;
      const existing = await fs.stat(file).catch(() => null);
      if (existing?.size === size) return { key, contentType, size };
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file, concurrent puts are safe.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      return { key, contentType, size };
    },
    async stat(key) {
      if (!isStorageKey(key)) return null;
      const s = await fs.stat(fileOf(key)).catch(() => null);
      return s?.isFile() ? { size: s.size } : null;
    },
    async exists(key) {
      return (await this.stat(key)) !== null;
    },
    read(key, range) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    readAll(key) {
      return fs.readFile(fileOf(key));
    },
    async remove(key) {
      try {
        await fs.unlink(fileOf(key));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
  };
}
