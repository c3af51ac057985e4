import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';
import { rankingPeriod } from './period.js';

/**
 * The read cache of the four rankings (route option `cache`; docs/architecture.md, "Read caches",
 * and docs/rankings.md, "Ranking"). They read classes, class_students, students, attempts,
 * homework_recipients and homework, every one of which announces its teacher on change
 * (migrations 0019, 0020, 0030), so a child's submission makes the teacher's kept rankings stale
 * (they depend on the topics `submissions` and `attempts`, db/change-feed.ts TOPICS). What
 * follows the clock is the period: this week and this month (a term ends with a month) roll over
 * at their ends, so a reply is kept at most until the next Monday or first of a month, whichever
 * comes first (a chosen range would hold longer; it is kept as briefly, which costs one read).
 */
export const rankingReadCache = (clock: Clock): ReplyCacheOptions => ({
  now: () => clock.now(),
  topics: ['submissions', 'attempts'],
  validUntil: async (_teacherId, now) => {
    const week = rankingPeriod({ period: 'week' }, now).current.to;
    const month = rankingPeriod({ period: 'month' }, now).current.to;
    return week < month ? week : month;
  },
});
