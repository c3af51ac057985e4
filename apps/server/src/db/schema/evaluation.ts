import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Nonces of evaluation websocket tickets already used (modules/evaluation/ticket.ts): a ticket
 * opens one socket. Rows past expires_at are purged opportunistically when tickets are used.
 */
export const evaluationTicketsUsed = pgTable('evaluation_tickets_used', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The evaluation sockets open on every server process (modules/evaluation/socket-budget.ts): the
 * socket limits per teacher and per child count them across processes. `seen_at` is renewed
 * while the socket is open; a row older than the lease belongs to a process that died.
 */
export const evaluationSockets = pgTable(
  'evaluation_sockets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    readerKind: text('reader_kind').notNull(),
    readerId: integer('reader_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    processId: text('process_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).defaultNow().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('evaluation_sockets_reader_idx').on(t.readerKind, t.readerId)],
);
