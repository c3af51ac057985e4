/**
 * What other modules (the auth plugin, students' login cards), the demo seed and tests may use of
 * the students' side: children's tokens, the login-card key, and submitting as a child through
 * the same services the calls use.
 */
export { findStudentByToken, issueStudentToken } from './token-repository.js';
export { studentCardKey, type CardSecret } from './card-key.js';
export {
  submitSelfPracticeAs,
  submitTopicAs,
  type SelfPracticeSubmission,
  type SubmitResult,
  type TopicSubmission,
} from './submit.js';
/** How a topic's items are read (the demo seed reads them the way the child's app does). */
export { categoryOf, topicMaterial, type Material } from './content.js';
export type { TopicRecord } from './homework-repository.js';
