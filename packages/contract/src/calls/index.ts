import type { CallDef } from '../define.js';
import * as account from './account.js';
import * as auth from './auth.js';
import * as classes from './classes.js';
import * as evaluation from './evaluation.js';
import * as homework from './homework.js';
import * as homeworkPublish from './homework-publish.js';
import * as resource from './resource.js';
import * as students from './students.js';
import * as system from './system.js';

export * from './account.js';
export * from './auth.js';
export * from './classes.js';
export * from './evaluation.js';
export * from './files.js';
export * from './homework.js';
export * from './homework-publish.js';
export * from './resource.js';
export * from './students.js';
export * from './system.js';

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'input' in v;

/** Every call of the API, for route registration checks and the OpenAPI walk in tests. */
export const allCalls: readonly CallDef[] = [
  account,
  auth,
  classes,
  evaluation,
  homework,
  homeworkPublish,
  resource,
  students,
  system,
].flatMap((m) => Object.values(m).filter(isCall));
