import type { DbOrTx } from '../../db/client.js';
import type { Topic } from '../../db/change-feed.js';
import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';
import { nextStateChange } from './repository.js';

/**
 * The read cache of a teacher's homework list (route option `cache`; docs/architecture.md, "Read
 * caches"): a reply stays true until a change of the teacher's data is announced, or until the
 * next time one of their homework changes state by itself (opens, or its deadline passes). The
 * list reads homework (with the counts of children given, submitted and done that the row keeps,
 * and the state `overdue`/`finished` decided by them), homework_topics and classes: of the topics
 * a child's work writes (db/change-feed.ts TOPICS) it depends on `submissions` only, so a child
 * practising a homework again (attempts, topic_progress) leaves it be, while a child who becomes
 * submitted or done makes it stale. `topics` widens that for other homework reads (the results').
 */
export const homeworkReadCache = (
  db: DbOrTx,
  clock: Clock,
  topics: readonly Topic[] = ['submissions'],
): ReplyCacheOptions => ({
  now: () => clock.now(),
  validUntil: (teacherId, now) => nextStateChange(db, teacherId, now),
  topics,
});
