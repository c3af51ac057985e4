import { z } from 'zod';

// Built-in zod messages (type errors and the like) in Japanese, for every consumer of the contract.
z.config(z.locales.ja());

// In the browser, zod must not probe for eval (`Function('')`) to compile its parsers: the
// server's Content-Security-Policy forbids eval and the probe is reported as a violation
// (docs/security.md, "Headers"). The server keeps zod's compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
