import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mediaFiles } from '../../db/schema/index.js';

export type MediaRecord = typeof mediaFiles.$inferSelect;

/** Records a stored file (idempotent: the key is the content address). */
export async function recordMedia(
  db: DbOrTx,
  row: {
    key: string;
    contentType: string;
    byteSize: number;
    durationMs?: number | null;
    access?: 'public' | 'private';
  },
): Promise<void> {
  await db
    .insert(mediaFiles)
    .values({ ...row, durationMs: row.durationMs ?? null })
    .onConflictDoNothing({ target: mediaFiles.key });
}

/**
 * A file anyone may read (library audio and pictures). Private files (children's recordings)
 * are never answered here: they need a route that checks the teacher (docs/library.md).
 */
export async function findPublicMedia(db: DbOrTx, key: string): Promise<MediaRecord | undefined> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  return row?.access === 'public' ? row : undefined;
}
