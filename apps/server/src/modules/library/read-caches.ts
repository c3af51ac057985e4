import type { Clock } from '../../lib/clock.js';
import type { ReplyCacheOptions } from '../../lib/reply-cache.js';

/**
 * The read cache of the library's calls (route option `cache`; docs/architecture.md, "Read
 * caches"). A reply is kept per teacher (their classroom material is in it) and input until
 * migration 0021's triggers announce a change: of the teacher's classroom material (their id),
 * or of anything every teacher sees (`*`: headquarters resources, packs, word books; an
 * install, an audio override, an operator's SQL). Nothing in a reply changes with the clock (no
 * state, no signed URL: media URLs are the files' content addresses), so no `validUntil`. Library
 * material is none of the topics a child's work writes (db/change-feed.ts TOPICS), so a hand-in or
 * a reading leaves these replies be (`topics: []`).
 */
export const libraryReadCache = (clock: Clock): ReplyCacheOptions => ({ now: () => clock.now(), topics: [] });
