import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';

/**
 * The read cache of a teacher's class and student lists (route option `cache`: team/my-team-rows,
 * team/student-page-rows, teacher/search-student; docs/architecture.md, "Read caches"). They read
 * classes, class_students and students only, all of which announce their teacher on change
 * (migrations 0019, 0020), and nothing in them follows the clock: a class is this year's or last
 * year's by its archived_at, written by the roll-over's commit, never by the date; a student is
 * current or a graduate by archived_at; created_at and password_changed_at are stored times. So
 * a reply holds until the next change of the teacher's data, with no validUntil. None of those
 * tables is a topic a child's work writes (db/change-feed.ts TOPICS: homework submissions,
 * attempts, sounds), so a hand-in or a reading leaves these replies be (`topics: []`).
 */
export const rosterReadCache = (clock: Clock): ReplyCacheOptions => ({ now: () => clock.now(), topics: [] });
