import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';
import { homeworkReadCache } from '../homework/index.js';

/**
 * The read cache of the homework details and the score matrix (route option `cache`:
 * all-topic-overview, topic-score-overview-x and -y; docs/architecture.md, "Read caches"). They
 * read the homework (its counts and state, like the list: until its next change of state),
 * homework_topics, homework_recipients, topic_progress, attempts with their answers and the
 * children's names, so of the topics a child's work writes (db/change-feed.ts TOPICS) they depend
 * on `submissions` and `attempts`: every hand-in makes them stale, a reading alone (`sounds`) does
 * not.
 */
export const resultsReadCache = (db: DbOrTx, clock: Clock): ReplyCacheOptions =>
  homeworkReadCache(db, clock, ['submissions', 'attempts']);
