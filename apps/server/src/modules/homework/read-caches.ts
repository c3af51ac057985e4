import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';
import { nextStateChange } from './repository.js';

/**
 * The read cache of a teacher's homework reads (route option `cache`; docs/architecture.md, "Read
 * caches"): a reply stays true until a change of the teacher's data is announced, or until the
 * next time one of their homework changes state by itself (opens, or its deadline passes).
 */
export const homeworkReadCache = (db: DbOrTx, clock: Clock): ReplyCacheOptions => ({
  now: () => clock.now(),
  validUntil: (teacherId, now) => nextStateChange(db, teacherId, now),
});
