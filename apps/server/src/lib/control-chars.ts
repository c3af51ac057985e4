/**
 * Control characters in client input (docs/security.md, "Input"). PostgreSQL cannot store U+0000
 * in text, and no field of the contract has a use for the other C0 controls, so every string of a
 * call's query, body or multipart fields is checked here, once, before its schema: NUL and the C0
 * controls are refused (400), except tab, line feed and carriage return, which free-text fields
 * (client logs, notes) may carry; single-line fields refuse those through their own rules.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** Whether a string holds a refused control character. */
export const hasControlChars = (s: string) => FORBIDDEN.test(s);

/** The string without refused control characters (imported cells are cleaned, not refused). */
export const stripControlChars = (s: string) => s.replace(FORBIDDEN_ALL, '');

/** Whether any string (value or key) anywhere in a parsed query or JSON body holds one; depth-bounded. */
export function containsControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlChars(value);
  if (value === null || typeof value !== 'object') return false;
  // Bodies are limited to 1 MiB; a deeper structure than any call takes is refused by its schema.
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsControlChars(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (hasControlChars(k) || containsControlChars(v, depth + 1)) return true;
  }
  return false;
}
