/**
 * What the app (the auth plugin's student-token lookup), the demo seed and tests may use of the
 * students' side: students' tokens, and submitting as a student through the same services the
 * calls use.
 */
export { findStudentByToken, issueStudentToken } from './token-repository.js';
export {
  submitSelfPracticeAs,
  submitTopicAs,
  type SelfPracticeSubmission,
  type SubmitDeps,
  type SubmitResult,
  type TopicSubmission,
} from './submit.js';
/** How a topic's items are read (the demo seed reads them the way the child's app does). */
export { categoryOf, topicMaterial, type Material } from './content.js';
export type { TopicRecord } from './homework-repository.js';
