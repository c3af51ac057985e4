import { ErrorCode, libraryMessages } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/route.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { findVisibleResource, type ResourceRecord } from './repository.js';

/**
 * Who may see which resource: headquarters material is every teacher's; classroom material only
 * its owner's. Another teacher's classroom resource answers exactly like an unknown id (404).
 */
type Acting = Pick<ActingTeacher, 'id'>;

export async function requireVisibleResource(db: DbOrTx, teacher: Acting, resourceId: number): Promise<ResourceRecord> {
  const row = await findVisibleResource(db, teacher.id, resourceId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, libraryMessages.resourceNotFound);
  return row;
}

/**
 * The read cache of the library's calls (route option `cache`; docs/architecture.md, "Read
 * caches"). A reply is kept per teacher (their classroom material is in it) and input until
 * migration 0021's triggers announce a change: of the teacher's classroom material (their id),
 * or of anything every teacher sees (`*`: headquarters resources, packs, word books; an
 * install, an audio override, an operator's SQL). Nothing in a reply changes with the clock (no
 * state, no signed URL: media URLs are the files' content addresses), so no `validUntil`.
 */
export const libraryReadCache = (clock: Clock): ReplyCacheOptions => ({ now: () => clock.now() });
