/**
 * The one meaning of a child's "submitted" and "done" (docs/results.md "Submitted and done"):
 * the students' side writes it, every other module reads its counts from here or from the stored
 * columns it keeps (homework_recipients.submitted_at/completed_at, homework.submitted_count/
 * completed_count). It imports no other module, so any module (the notices too) may use it.
 */
export {
  homeworkSubmissionCounts,
  recipientSubmissions,
  recordHomeworkSubmission,
  requiredRounds,
  roundsOfCounts,
  roundsSqlText,
  type RecipientSubmission,
  type SubmissionCounts,
  type SubmissionState,
} from './status.js';
