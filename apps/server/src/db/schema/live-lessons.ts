import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The live-lesson address of a school (docs/messages.md, "The live-lesson item"), set by the
 * operator command; teachers of the school with showLive open it from the menu. A school without
 * a row uses the server's LIVE_LESSON_URL.
 */
export const schoolLiveLessons = pgTable('school_live_lessons', {
  school: text('school').primaryKey(),
  url: text('url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
