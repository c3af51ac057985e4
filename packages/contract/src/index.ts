// First: zod's configuration (Japanese messages; no eval in the browser) before any schema is used.
import './zod-setup.js';

export * from './dates.js';
export * from './define.js';
export * from './errors.js';
export * from './limits.js';
export * from './messages.js';
export * from './rules.js';
export * from './calls/index.js';
