import { createHash, randomBytes } from 'node:crypto';

/** A random opaque secret (tokens, one-time keys), URL-safe. */
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as their SHA-256: a leaked table grants nothing. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
