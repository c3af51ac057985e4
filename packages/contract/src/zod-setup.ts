import { z } from 'zod';
import { messages } from './messages.js';

// Built-in zod messages (type errors and the like) in Japanese, for every consumer of the contract.
z.config(z.locales.ja());

/**
 * A teacher never reads the schema library's wording (「大きすぎる値: stringは100文字以下…」;
 * docs/classes.md, "Edges": messages are ours). Every issue a schema gives no message of its own
 * gets one of ours, by kind: over-long text the spec's 字数制限を超えています, anything malformed the
 * spec's 入力内容に誤りがあります。 (the zod locale stays only as the last fallback;
 * packages/contract/src/edges.test.ts walks every call).
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'too_big':
        if (issue.origin === 'string') return messages.overLength;
        if (issue.origin === 'array' || issue.origin === 'set') return messages.tooManyItems;
        return messages.outOfRange;
      case 'too_small':
        if (issue.origin === 'string') return messages.tooShort(Number(issue.minimum));
        if (issue.origin === 'array' || issue.origin === 'set') return messages.noItems;
        return messages.outOfRange;
      case 'invalid_format':
        return issue.format === 'email' ? messages.emailInvalid : messages.badRequest;
      default:
        return messages.badRequest;
    }
  },
});

// In the browser, zod must not probe for eval (`Function('')`) to compile its parsers: the
// server's Content-Security-Policy forbids eval and the probe is reported as a violation
// (docs/security.md, "Headers"). The server keeps zod's compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
