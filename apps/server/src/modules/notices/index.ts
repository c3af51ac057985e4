/** What other modules (and the CLI and the seed) may use of the notices (docs/notices.md). */
export { noticeApplication, noticeOnEvents, noticeOverdue, noticeSubmitted } from './record.js';
export { deleteOld as deleteOldNotices } from './repository.js';
export {
  editSystemNotice,
  listSystemNotices,
  publishSystemNotice,
  SystemNoticeError,
  withdrawNotice,
} from './system-notices.js';
