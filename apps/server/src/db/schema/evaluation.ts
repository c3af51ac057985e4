import { text, timestamp, pgTable } from 'drizzle-orm/pg-core';

/**
 * Nonces of evaluation websocket tickets already used (modules/evaluation/ticket.ts): a ticket
 * opens one socket. Rows past expires_at are purged opportunistically when tickets are used.
 */
export const evaluationTicketsUsed = pgTable('evaluation_tickets_used', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
