import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every reply (docs/security.md, "Headers"), set by hand rather than with
 * @fastify/helmet: six fixed headers do not need a dependency. The web app has no inline script
 * (Vite emits module scripts; index.html has none), so scripts come only from this origin; antd
 * styles components at run time (CSS-in-JS `<style>` elements), hence `style-src 'unsafe-inline'`.
 * `blob:` covers downloads (save-file) and recorded audio; `connect-src 'self'` includes the
 * same-origin evaluation websocket. No page may frame the app.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  // Older browsers that ignore frame-ancestors.
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), geolocation=(), microphone=(self)',
};

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
