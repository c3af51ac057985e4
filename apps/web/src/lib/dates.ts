import { japaneseDate, japaneseDateTime, schoolClock } from '@ondoku/contract';

/**
 * Dates on screen as a Japanese school reads them, in the school's time zone (Asia/Tokyo) whatever
 * the browser's: the contract's formatters, shared with the server's exports (docs/classes.md,
 * "Edges").
 */

/** 2026年4月8日(水) */
export const formatDate = (iso: string | Date) => japaneseDate(iso);
/** 2026年4月8日(水) 08:30 */
export const formatDateTime = (iso: string | Date) => japaneseDateTime(iso);
/** 08:30: the time of day at the school */
export const formatTime = (iso: string | Date) => {
  const c = schoolClock(iso);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
};
