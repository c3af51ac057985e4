/**
 * Stable error codes of the reply envelope (api-paths.md). errcode 0 is success; the HTTP
 * status that goes with each code is fixed here so one error handler can apply it.
 */
export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 40000,
  UNAUTHORIZED: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  PAYLOAD_TOO_LARGE: 41300,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  /** The database is away (restarting, unreachable): try again shortly (docs/database.md). */
  UNAVAILABLE: 50300,
  /** Business errors: HTTP 200 with errcode ≠ 0. */
  LOGIN_FAILED: 10001,
  LOGIN_RATE_LIMITED: 10002,
  PASS_CARD_INVALID: 10003,
  PASSWORD_DECRYPT_FAILED: 10004,
  /** Account self-service (docs/account.md). */
  VERIFICATION_CODE_INVALID: 10101,
  CURRENT_PASSWORD_WRONG: 10102,
  EMAIL_TAKEN: 10103,
  MAIL_RATE_LIMITED: 10104,
  MAIL_SEND_FAILED: 10105,
  /** Classes and students (docs/classes.md). */
  CLASS_NAME_TAKEN: 20001,
  CLASS_LIMIT: 20002,
  STUDENT_ID_TAKEN: 20003,
  DELETION_COUNT_CHANGED: 20004,
  IMPORT_FILE_INVALID: 20005,
  /** A school year (docs/classes.md, "A school year"): class deletion, codes, the April roll-over. */
  CLASS_RESTORE_EXPIRED: 20006,
  CLASS_ARCHIVED: 20007,
  CLASS_CODE_INVALID: 20008,
  CLASS_JOIN_CLOSED: 20009,
  ROLLOVER_INVALID: 20010,
  /** Homework (docs/homework.md): the distribution limit, a business error like the class limit. */
  HOMEWORK_LIMIT: 21001,
  /** Download tasks and exports (docs/downloads.md). */
  DOWNLOAD_TOO_MANY: 31001,
  DOWNLOAD_NOT_READY: 31002,
  /** A direct export of a large homework: the screen makes a download task instead. */
  DOWNLOAD_USE_TASK: 31003,
  DOWNLOAD_ONLY_FAILED_RETRY: 31004,
  /** The students' side (docs/learn.md): business errors a child's app answers with its own screen. */
  ACCOUNT_CLOSED: 30001,
  HOMEWORK_NOT_STARTED: 30002,
  DEADLINE_PASSED: 30003,
  /** A submission named a sid that is unknown, another child's or too old; used already; of another text. */
  SID_INVALID: 30004,
  SID_USED: 30005,
  SID_MISMATCH: 30006,
  /** The teacher → child channel (docs/student-messages.md): reminders and writing notes. */
  REMIND_TOO_SOON: 32101,
  REMIND_NOTHING: 32102,
  REMIND_NOT_STARTED: 32103,
  REMIND_DEADLINE_PASSED: 32104,
  NOTE_GUID_REUSED: 32105,
  /** Messages from the teacher (docs/messages.md). */
  MESSAGE_NOT_ALLOWED: 32201,
  MESSAGE_NO_RECIPIENTS: 32202,
  /** Account applications (docs/account-applications.md). */
  APPLICATION_PENDING: 33001,
  APPLICATION_NOT_PENDING: 33002,
  APPLICATION_FILE_INVALID: 33003,
  APPLICATION_ROSTER_ERRORS: 33004,
  /** Free recitation (docs/free-recitation.md). */
  RECITATION_QUOTA_EXHAUSTED: 34001,
  RECITATION_RESOURCE_IN_USE: 34002,
  RECITATION_NO_AUDIO: 34003,
  RECITATION_RECORDING_FLAGGED: 34004,
  RECITATION_DRAFT_USED: 34005,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf = (code: ErrorCode): number => {
  switch (code) {
    case ErrorCode.BAD_REQUEST:
      return 400;
    case ErrorCode.UNAUTHORIZED:
      return 401;
    case ErrorCode.FORBIDDEN:
      return 403;
    case ErrorCode.NOT_FOUND:
      return 404;
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return 413;
    case ErrorCode.RATE_LIMITED:
    case ErrorCode.LOGIN_RATE_LIMITED:
    case ErrorCode.MAIL_RATE_LIMITED:
    case ErrorCode.REMIND_TOO_SOON:
      return 429;
    case ErrorCode.INTERNAL:
      return 500;
    case ErrorCode.UNAVAILABLE:
      return 503;
    default:
      return 200;
  }
};
