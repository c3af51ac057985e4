/**
 * Whether an error means the database is away rather than that a query was wrong: the connection
 * was refused, cut or timed out, or PostgreSQL is shutting down or starting (docs/database.md,
 * "When the database goes away"). Drizzle wraps the driver's error as `cause`.
 */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, crash, cannot connect now).
const SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NODE_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (MESSAGES.test(e.message)) return true;
  }
  return false;
}
