import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Validation rules of spec §5, written once: the server validates requests with them and the
 * web forms validate with the same schemas.
 */

/** A required text field where whitespace-only counts as empty; the value is kept trimmed. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** A required secret (password): whitespace-only counts as empty, but the value is not changed. */
export const requiredSecret = (message: string) =>
  z.string({ error: message }).refine((s) => s.trim().length > 0, { error: message });

export const isBlank = (s: string | null | undefined) => (s ?? '').trim().length === 0;

export { messages };
