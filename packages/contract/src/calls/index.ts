import * as account from './account.js';
import * as auth from './auth.js';
import * as evaluation from './evaluation.js';
import * as homework from './homework.js';
import * as system from './system.js';
import * as team from './team.js';
import type { CallDef } from '../define.js';

export * from './account.js';
export * from './auth.js';
export * from './evaluation.js';
export * from './homework.js';
export * from './system.js';
export * from './team.js';

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'input' in v;

/** Every call of the API, for route registration checks and the OpenAPI walk in tests. */
export const allCalls: readonly CallDef[] = [account, auth, evaluation, homework, system, team].flatMap((m) =>
  Object.values(m).filter(isCall),
);
