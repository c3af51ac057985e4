import type { Topic } from '../../db/change-feed.js';
import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';

/**
 * The read cache of the learning statistics (route option `cache`; docs/architecture.md, "Read
 * caches"). They read classes, class_students, students, attempts (with their answers, written in
 * the attempt's transaction), sound_judgements, word books and library material, all of which
 * announce their teacher (or everyone) on change (migrations 0019–0021, 0026). What follows the
 * clock is the date in Japan (the default period ends today; "stopped practising" counts days),
 * so a reply holds until the next midnight in Japan at the latest. Of the topics a child's work
 * writes (db/change-feed.ts TOPICS), each route names the ones it reads: the progress graph, the
 * usage and the word progress read attempts (and their answers), the sound insights
 * sound_judgements; none reads homework_recipients.
 */
const DAY_MS = 86_400_000;
const JAPAN_MS = 9 * 3_600_000;

export const nextJapanMidnight = (now: Date) =>
  new Date(Math.floor((now.getTime() + JAPAN_MS) / DAY_MS) * DAY_MS + DAY_MS - JAPAN_MS);

const statisticsReadCache = (clock: Clock, topics: readonly Topic[]): ReplyCacheOptions => ({
  now: () => clock.now(),
  topics,
  validUntil: async (_teacherId, now) => nextJapanMidnight(now),
});

/** The progress graph, the usage and the word progress: attempts and their answers. */
export const attemptStatisticsReadCache = (clock: Clock) => statisticsReadCache(clock, ['attempts']);
/** The sound insights: sound_judgements (and library material, announced as a whole). */
export const soundStatisticsReadCache = (clock: Clock) => statisticsReadCache(clock, ['sounds']);
