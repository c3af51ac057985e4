import type { DbOrTx } from '../../db/client.js';
import type { Storage, StoredFile } from '../../lib/storage.js';
import { recordMedia } from './repository.js';

/** The URL prefix of public files (library audio and pictures). */
export const MEDIA_PREFIX = '/media/';
export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;

/** Stores the bytes and records them in media_files (content type, size, duration). */
export async function storeMedia(
  db: DbOrTx,
  storage: Storage,
  bytes: Uint8Array,
  contentType: string,
  opts: { durationMs?: number | null; access?: 'public' | 'private' } = {},
): Promise<StoredFile> {
  const stored = await storage.put(bytes, contentType);
  await recordMedia(db, {
    key: stored.key,
    contentType,
    byteSize: stored.size,
    durationMs: opts.durationMs ?? null,
    access: opts.access ?? 'public',
  });
  return stored;
}
