/**
 * Dates as a Japanese school reads them (docs/classes.md, "Edges": dates): 2026年4月8日(水), always in
 * the school's time zone (Asia/Tokyo), whatever the time zone of the server or the browser. The
 * server's xlsx exports and file names and the web app's screens use these, so a date is never UTC
 * ISO text.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Tokyo';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

const format = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The calendar date and time of an instant in Asia/Tokyo. */
export function schoolClock(at: string | Date | number) {
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  return { year, month, day, weekday, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** 2026年4月8日(水) */
export function japaneseDate(at: string | Date | number): string {
  const c = schoolClock(at);
  return `${c.year}年${c.month}月${c.day}日(${c.weekday})`;
}

/** 2026年4月8日(水) 08:30 */
export function japaneseDateTime(at: string | Date | number): string {
  const c = schoolClock(at);
  return `${japaneseDate(at)} ${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}

/** 20260408: the school's date for file names. */
export function schoolDateStamp(at: string | Date | number = Date.now()): string {
  const c = schoolClock(at);
  return `${c.year}${String(c.month).padStart(2, '0')}${String(c.day).padStart(2, '0')}`;
}
