import { submitClientLog } from '@ondoku/contract';
import { sessionStore } from './session';

/**
 * Uncaught client errors go to submit-client-log, silently (no toast), at most one
 * every 10 seconds and never the same message twice in a row, so a failing loop cannot flood
 * the server. Only signed-in sessions can send (the call needs a token).
 */
const MIN_INTERVAL_MS = 10_000;
let lastSent = 0;
let lastContent = '';

export function reportClientError(error: unknown, send: typeof fetch = fetch) {
  const token = sessionStore.token();
  if (!token) return;
  const content = (
    error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)
  ).slice(0, 20_000);
  const now = Date.now();
  if (now - lastSent < MIN_INTERVAL_MS || content === lastContent) return;
  lastSent = now;
  lastContent = content;
  void send(submitClientLog.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      client: 'teacher-web',
      device: navigator.userAgent.slice(0, 500),
      content: `${location.hash}\n${content}`,
    }),
  }).catch(() => {});
}

export function installClientErrorReporting() {
  window.addEventListener('error', (e) => reportClientError(e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => {
    // Failed calls were already shown to the teacher by the request layer.
    if ((e.reason as Error | undefined)?.name === 'ApiError') return;
    reportClientError(e.reason);
  });
}
