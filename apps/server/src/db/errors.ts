/**
 * Database errors recognised in one place. Drizzle wraps the driver's error (DrizzleQueryError,
 * with the pg error on `.cause`), a transaction may wrap it again, and pg gives the SQLSTATE in
 * `code` and the index in `constraint`: walk the chain and look for the PostgreSQL code.
 */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error inside `e` (itself or a cause), if any carries a SQLSTATE. */
function pgErrorOf(e: unknown): { code: string; constraint?: string } | null {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const f = cur as PgErrorFields;
    if (typeof f.code === 'string' && /^[0-9A-Z]{5}$/.test(f.code))
      return { code: f.code, constraint: typeof f.constraint === 'string' ? f.constraint : undefined };
    cur = f.cause;
  }
  return null;
}

/** A unique index refused the write; with `constraint`, only that index counts. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(e);
  return pg?.code === UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}

/** A foreign key refused the write (the parent is gone); with `constraint`, only that key counts. */
export function isForeignKeyViolation(e: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(e);
  return pg?.code === FOREIGN_KEY_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}

/**
 * Run a write and turn a unique violation into the error the caller names (the friendly
 * pre-check stays in services; this catches the row taken between the check and the write).
 */
export async function onUniqueViolation<T>(
  write: () => Promise<T>,
  toError: () => Error,
  constraint?: string,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, constraint)) throw toError();
    throw e;
  }
}
