import type { CallDef } from '../define.js';
import * as account from './account.js';
import * as accountApplications from './account-applications.js';
import * as auth from './auth.js';
import * as classes from './classes.js';
import * as downloads from './downloads.js';
import * as evaluation from './evaluation.js';
import * as freeRecitation from './free-recitation.js';
import * as homework from './homework.js';
import * as homeworkPublish from './homework-publish.js';
import * as messagesCalls from './messages.js';
import * as notices from './notices.js';
import * as learn from './learn.js';
import * as learningStatistics from './learning-statistics.js';
import * as library from './library.js';
import * as motivation from './motivation.js';
import * as rankings from './rankings.js';
import * as reports from './reports.js';
import * as results from './results.js';
import * as selfPractice from './self-practice.js';
import * as studentMessages from './student-messages.js';
import * as students from './students.js';
import * as studySurvey from './study-survey.js';
import * as system from './system.js';

export * from './account.js';
export * from './account-applications.js';
export * from './auth.js';
export * from './classes.js';
export * from './downloads.js';
export * from './evaluation.js';
export * from './files.js';
export * from './free-recitation.js';
export * from './homework.js';
export * from './homework-publish.js';
export * from './messages.js';
export * from './notices.js';
export * from './learn.js';
export * from './learning-statistics.js';
export * from './library.js';
export * from './motivation.js';
export * from './rankings.js';
export * from './reports.js';
export * from './results.js';
export * from './self-practice.js';
export * from './student-messages.js';
export * from './students.js';
export * from './study-survey.js';
export * from './system.js';

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'input' in v;

/** Every call of the API, for route registration checks and the OpenAPI walk in tests. */
export const allCalls: readonly CallDef[] = [
  account,
  accountApplications,
  auth,
  classes,
  downloads,
  evaluation,
  freeRecitation,
  homework,
  homeworkPublish,
  learn,
  messagesCalls,
  learningStatistics,
  notices,
  library,
  motivation,
  rankings,
  reports,
  results,
  selfPractice,
  studentMessages,
  students,
  studySurvey,
  system,
].flatMap((m) => Object.values(m).filter(isCall));
