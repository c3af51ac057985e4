/**
 * What other modules (and the seed, the CLI and test factories) may use of homework, besides
 * policy.ts: publishing (the same service the call uses) and the scheduler.
 */
export { publishHomework, type Origin } from './service.js';
export { createScheduler, type Scheduler, type SchedulerReport } from './scheduler.js';
export { noMissedItems, type MissedItemsSource } from './plans.js';
export { missedItemsFromAttempts, type ReviewItem } from './missed-items.js';
export { unsafeAnyWordBook, unsafeResourcesOfType } from './library-access.js';
export { publishHeadquartersHomework, type HeadquartersPublish } from './headquarters.js';
export { homeworkReadCache } from './read-caches.js';
