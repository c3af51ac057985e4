/** What other modules may use of the homework notices (docs/notices.md). */
export { noticeApplication, noticeOnEvents, noticeOverdue, noticeSubmitted } from './record.js';
export { deleteOld as deleteOldNotices } from './repository.js';
