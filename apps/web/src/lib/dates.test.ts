import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates';

/** The school's calendar (Asia/Tokyo), whatever the browser's time zone (docs/classes.md, "Edges"). */
describe('Japanese dates', () => {
  it('formats instants as dates and times in Asia/Tokyo', () => {
    // 20:30 UTC on Tuesday 7 April is 05:30 on Wednesday 8 April in Tokyo.
    expect(formatDate('2026-04-07T20:30:00Z')).toBe('2026年4月8日(水)');
    expect(formatDateTime('2026-04-07T20:30:00Z')).toBe('2026年4月8日(水) 05:30');
    expect(formatDateTime(new Date('2026-12-31T15:00:00Z'))).toBe('2027年1月1日(金) 00:00');
  });

  it("formats a time of day at the school (a periodic plan's 配信 time), not in the browser's zone", () => {
    // 08:00 UTC is 17:00 in Tokyo: the plan's distributions say 17:00, so its 配信 line must too.
    expect(formatTime('2026-11-29T08:00:00Z')).toBe('17:00');
    expect(formatTime('2026-04-07T20:30:00Z')).toBe('05:30');
  });
});
