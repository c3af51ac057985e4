/**
 * The product specification's business constants and limits (and ours, from passCardKeyTtlMinutes
 * on), shared by the server and the web app.
 */
export const limits = {
  requestTimeoutMs: 30_000,
  requestMaxRetries: 4,
  toastDurationMs: 3_000,
  chunkLoadTimeoutMs: 120_000,
  pager: { defaultPageSize: 10, buttonCount: 5 },
  pageSize: { lists: 20, notices: 10, outbox: 12, scoreOverviewY: 5 },
  classNameMax: 20,
  password: { min: 6, max: 20 },
  numberInputMaxDigits: 10,
  testStartLeadMinutes: 10,
  overdueExtensionDays: 7,
  recitationSentencesPerSet: 5,
  score: { good: 80, medium: 60 },
  /** Sign-in: one-time pass-card keys and session tokens. */
  passCardKeyTtlMinutes: 10,
  tokenTtlDays: 30,
  /** Failed sign-ins allowed in one window before the account or the address is held back. */
  /**
   * Existence probes (docs/security.md): roster imports per teacher, taken student ids an import
   * may report per teacher, and "e-mail taken" answers of the e-mail change, per window.
   */
  probeRateLimit: { windowMinutes: 60, importsPerTeacher: 30, takenIdsPerTeacher: 300, emailTakenPerTeacher: 5 },
  /**
   * Failed sign-ins in one window (docs/security.md "Sign-in limits"): an account is locked for an
   * address after 5 failures from it; 50 from all addresses together lock it everywhere; an address
   * (often a whole school) gets a much higher ceiling; invalid pass-card keys count apart.
   */
  loginRateLimit: { windowMinutes: 15, perAccountAddress: 5, perAccount: 50, perAddress: 100, passCardPerAddress: 30 },
  /** Codes mailed for a password reset or an e-mail change (docs/account.md). */
  verificationCode: { digits: 6, ttlMinutes: 30, maxTries: 5 },
  /** Mails asked for, per target address and per client address, in one window. */
  mailRateLimit: { windowMinutes: 15, perEmail: 3, perAddress: 10, perTeacher: 5 },
  /** Failed password-change / reset attempts before the teacher or address is held back. */
  accountRateLimit: { windowMinutes: 15, wrongPasswordPerTeacher: 5, wrongCodePerAddress: 20 },
  nicknameMax: 20,
  schoolMax: 50,
  clientLog: { maxContentChars: 20_000, perMinute: 20 },
} as const;
