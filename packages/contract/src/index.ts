import { z } from 'zod';

// Built-in zod messages (type errors and the like) in Japanese, for every consumer of the contract.
z.config(z.locales.ja());

export * from './define.js';
export * from './errors.js';
export * from './limits.js';
export * from './messages.js';
export * from './rules.js';
export * from './calls/index.js';
