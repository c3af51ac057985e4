/**
 * What the server writes to its log: no personal data and no secrets (docs/security.md, "Logs").
 * Request lines carry the path and the names of the query's parameters, never their values
 * (evaluation tickets, recording signatures, search words with children's names); error lines
 * carry the message and stack without the parameters of a failed query (login ids, token
 * hashes, e-mail addresses) and without PostgreSQL's `detail` (which repeats a conflicting value).
 */

interface RequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** The path, then the query's parameter names only: `/api/v2/x?kw=山田` → `/api/v2/x?kw`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .map((pair) => pair.split('=')[0])
    .filter(Boolean);
  return names.length ? `${url.slice(0, q)}?${names.join('&')}` : url.slice(0, q);
}

// Drizzle's failed-query errors end their message with "params: …" (the bound values); a mail
// error may name its recipient.
const hideParams = (s: string) =>
  s
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [hidden]')
    .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi, '[e-mail]');

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: LoggedError;
}

/** An error as the log shows it (also a thrown non-Error value, by its type only). */
export function redactError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const e = err as Error & { code?: unknown };
  return {
    type: e.constructor?.name ?? 'Error',
    message: hideParams(e.message),
    stack: hideParams(e.stack ?? ''),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: redactError(e.cause, depth + 1) } : {}),
  };
}

function redactRequest(req: RequestLike) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

/** Fastify's `logger` option: the level and the serializers above. */
export const logOptions = (level: string) => ({
  level,
  serializers: { req: redactRequest, err: (e: unknown) => redactError(e) },
});
