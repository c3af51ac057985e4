import { z } from 'zod';
import { defineCall, idField, pageOf, queryInt, type UploadRule } from '../define.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { charLength, containsEmoji, emailField, maxChars, noEmoji, normalizedString } from '../rules.js';
import { classRef } from './classes.js';
import { importError, studentLimits } from './students.js';

/**
 * Account applications (/api/v2/account-apply/…): a teacher asks the operator for student
 * accounts (a roster, or a signed order as PDF), a teacher account or the next school year's
 * renewal, and follows the application's status. The operator decides with the admin commands;
 * approving a roster creates its classes and students with the class import's code
 * (docs/account-applications.md). Served by apps/server/src/modules/account-applications.
 */

export const applyTypes = ['new_students', 'add_students', 'teacher_account', 'renewal'] as const;
export type ApplyType = (typeof applyTypes)[number];
export const applyTypeNames: Record<ApplyType, string> = {
  new_students: '新規の生徒アカウント',
  add_students: 'クラスへの生徒アカウント追加',
  teacher_account: '教師アカウント',
  renewal: '次年度の継続（年度更新）',
};

/** 申請中 → 承認 / 差し戻し → 完了; 取り下げ by the teacher while 申請中. */
export const applyStatuses = ['pending', 'approved', 'returned', 'completed', 'withdrawn'] as const;
export type ApplyStatus = (typeof applyStatuses)[number];
export const applyStatusNames: Record<ApplyStatus, string> = {
  pending: '申請中',
  approved: '承認',
  returned: '差し戻し',
  completed: '完了',
  withdrawn: '取り下げ',
};

/** roster: an xlsx/CSV with the class import's columns; document: a PDF (a signed order). */
export const applyFileKinds = ['roster', 'document'] as const;
export type ApplyFileKind = (typeof applyFileKinds)[number];

export const applyLimits = {
  /** The roster's rules are the class import's (studentLimits.import); a PDF may be as large. */
  maxBytes: studentLimits.import.maxBytes,
  maxRows: studentLimits.import.maxRows,
  noteMax: 500,
  reasonMax: 500,
  teacherNameMax: 30,
  gradeNames: ['1年', '2年', '3年', '4年', '5年', '6年'],
  /** Accounts a teacher has without any application; approved applications add to them. */
  includedAccounts: { student: 40, teacher: 1 },
  pageSize: limits.pageSize.lists,
} as const;

/** The kinds that may carry a roster; the others take a PDF only. */
export const rosterKinds: readonly ApplyType[] = ['new_students', 'add_students'];

export const applyMessages = {
  typeRequired: '申請の種類を選択してください。',
  classRequired: 'アカウントを追加するクラスを選択してください。',
  teacherNameRequired: '先生の氏名を入力してください。',
  fileRequired: 'ファイルを選択してください。',
  fileEmpty: 'ファイルが空です（0バイト）。内容のあるファイルを選択してください。',
  fileType: 'Excel（.xlsx）、CSV（.csv）またはPDF（.pdf）ファイルを選択してください。',
  fileTypeDocument: 'この申請にはPDF（.pdf）ファイル（押印済みの申込書）を添付してください。',
  fileTooLarge: 'ファイルが大きすぎます（5MBまで）。',
  pdfUnreadable: 'PDFファイルとして読み取れませんでした。ファイルを確認してください。',
  rosterHasErrors: (n: number) => `名簿に${n}件のエラーがあります。修正してからもう一度お試しください。`,
  alreadyPending: 'この種類の申請はすでに申請中です。結果をお待ちいただくか、取り下げてから申請してください。',
  notPending: '申請中の申請だけ取り下げられます。',
  withdrawConfirm: 'この申請を取り下げますか？',
  periodInvalid: '期間の指定に誤りがあります。',
  sent: '申請を送信しました。',
  withdrawn: '申請を取り下げました。',
  /** The teacher's notices when the operator decides (modules/notices). */
  noticeApproved: (kind: string) => `アカウント申請（${kind}）が承認されました。`,
  noticeCompleted: (kind: string, created: number) =>
    created > 0
      ? `アカウント申請（${kind}）が完了しました。生徒アカウント${created}人を作成しました。`
      : `アカウント申請（${kind}）が完了しました。`,
  noticeReturned: (kind: string, reason: string) => `アカウント申請（${kind}）が差し戻されました。理由：${reason}`,
} as const;

/** A file the browser checks before sending and the server enforces (the type by its bytes, too). */
export const applyUpload: UploadRule = {
  maxBytes: applyLimits.maxBytes,
  extensions: ['.xlsx', '.csv', '.pdf'],
  fileRequiredMessage: applyMessages.fileRequired,
  fileTypeMessage: applyMessages.fileType,
  tooLargeMessage: applyMessages.fileTooLarge,
  emptyFileMessage: applyMessages.fileEmpty,
};

const applyFile = z.string().meta({
  format: 'binary',
  description: '.xlsx or .csv (the class import columns) or .pdf (a signed order), ≤ 5 MB',
});

const applyTypeField = z.enum(applyTypes, { error: applyMessages.typeRequired });
/** Multipart fields are strings: an empty one is the same as none. */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = (max: number) =>
  noEmoji(normalizedString().pipe(z.string().trim()).pipe(maxChars(max))).default('');

const applicationBase = z.object({
  apply_type: applyTypeField,
  note: optionalText(applyLimits.noteMax),
  team_id: z.preprocess(blankToUndefined, idField.optional()),
  grade_name: z.preprocess(blankToUndefined, optionalText(studentLimits.gradeNameMax).optional()),
  teacher_name: optionalText(applyLimits.teacherNameMax),
  teacher_email: z.preprocess(blankToUndefined, emailField.optional()),
});
type ApplicationBase = z.output<typeof applicationBase>;
const classChosen = (v: Pick<ApplicationBase, 'apply_type' | 'team_id'>, ctx: z.RefinementCtx) => {
  if (v.apply_type === 'add_students' && v.team_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['team_id'], message: applyMessages.classRequired });
};

/** Fields of an application form, shared by the server and the form (each kind's own rules). */
export const applicationFields = applicationBase.superRefine((v, ctx) => {
  classChosen(v, ctx);
  if (v.apply_type === 'teacher_account') {
    if (!v.teacher_name)
      ctx.addIssue({ code: 'custom', path: ['teacher_name'], message: applyMessages.teacherNameRequired });
    if (!v.teacher_email) ctx.addIssue({ code: 'custom', path: ['teacher_email'], message: messages.emailRequired });
  }
});
/** What checking a file needs of the form: the kind, and the class for add_students. */
export const rosterCheckFields = applicationBase.pick({ apply_type: true, team_id: true }).superRefine(classChosen);
export type ApplicationFields = z.input<typeof applicationFields>;

export const accountKinds = ['student', 'teacher'] as const;

export const getApplyBasicInfo = defineCall({
  method: 'GET',
  path: '/api/v2/account-apply/basic-info',
  access: 'teacher',
  tag: 'account-applications',
  summary:
    'The school as the service knows it: name, the teacher, accounts in use and allowed per kind, the school year',
  input: z.object({}),
  output: z.object({
    school_name: z.string(),
    teacher_name: z.string(),
    login_id: z.string(),
    school_year: z.number().int(),
    accounts: z.array(
      z.object({ kind: z.enum(accountKinds), name: z.string(), in_use: z.number().int(), allowed: z.number().int() }),
    ),
    pending_count: z.number().int(),
  }),
});

export const getApplyOrderSelectData = defineCall({
  method: 'GET',
  path: '/api/v2/account-apply/order-select-data',
  access: 'teacher',
  tag: 'account-applications',
  summary: 'What can be applied for: the kinds with their limits and files, grades, the classes to add to',
  input: z.object({}),
  output: z.object({
    apply_types: z.array(
      z.object({
        apply_type: z.enum(applyTypes),
        name: z.string(),
        /** Which files this kind takes: a roster (xlsx/CSV) and/or a PDF document. */
        file_kinds: z.array(z.enum(applyFileKinds)),
        extensions: z.array(z.string()),
        max_bytes: z.number().int(),
        /** Rows of one roster (0 for kinds without one). */
        max_rows: z.number().int(),
        /** One of this kind is already 申請中: another waits until it is decided or withdrawn. */
        pending: z.boolean(),
      }),
    ),
    apply_statuses: z.array(z.object({ apply_status: z.enum(applyStatuses), name: z.string() })),
    grades: z.array(z.string()),
    teams: z.array(classRef),
    school_year: z.number().int(),
  }),
});

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: applyMessages.periodInvalid })
  .optional();

export const applicationRow = z.object({
  id: z.number().int(),
  apply_type: z.enum(applyTypes),
  apply_status: z.enum(applyStatuses),
  created_at: z.string(),
  file_name: z.string(),
  file_kind: z.enum(applyFileKinds),
  file_size: z.number().int(),
  /** Students in the roster (null for a PDF). */
  row_count: z.number().int().nullable(),
  note: z.string(),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  grade_name: z.string().nullable(),
  teacher_name: z.string(),
  teacher_email: z.string(),
  /** The operator's reason when sent back (差し戻し). */
  reason: z.string(),
  decided_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** Students created by the approval, and their classes (login cards are printed there). */
  created_count: z.number().int(),
  created_teams: z.array(classRef),
});
export type ApplicationRow = z.infer<typeof applicationRow>;

export const getApplyOrderList = defineCall({
  method: 'GET',
  path: '/api/v2/account-apply/order-list',
  access: 'teacher',
  tag: 'account-applications',
  summary:
    "A page of the teacher's applications, newest first; filters: kind, status, period (start_time/end_time, dates in Japan)",
  input: z
    .object({
      apply_type: z.enum(applyTypes).optional(),
      apply_status: z.enum(applyStatuses).optional(),
      start_time: dateField,
      end_time: dateField,
      page: queryInt(1, 100_000),
      limit: queryInt(applyLimits.pageSize, 100),
    })
    .refine((v) => !v.start_time || !v.end_time || v.start_time <= v.end_time, {
      error: applyMessages.periodInvalid,
      path: ['end_time'],
    }),
  output: pageOf(applicationRow),
});

export const putApplyRequest = defineCall({
  method: 'POST',
  path: '/api/v2/account-apply/requests-put',
  access: 'teacher:not-guest',
  tag: 'account-applications',
  kind: 'upload',
  upload: applyUpload,
  summary:
    'Send an application (multipart: apply_type, note?, team_id (add_students), grade_name?, teacher_name/teacher_email (teacher_account), file); a roster is checked like the class import',
  input: z.object({
    apply_type: z.string(),
    note: z.string().optional(),
    team_id: z.string().optional(),
    grade_name: z.string().optional(),
    teacher_name: z.string().optional(),
    teacher_email: z.string().optional(),
    file: applyFile,
  }),
  output: z.object({ id: z.number().int() }),
});

export const rosterPreviewRow = z.object({
  row: z.number().int(),
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  grade_name: z.string(),
  class_name: z.string(),
  number: z.string().nullable(),
  /** The class the student will join (the クラス column, or the chosen class). */
  team_name: z.string(),
  has_password: z.boolean(),
});

export const checkApplyRoster = defineCall({
  method: 'POST',
  path: '/api/v2/account-apply/roster-check',
  access: 'teacher:not-guest',
  tag: 'account-applications',
  kind: 'upload',
  upload: applyUpload,
  summary:
    'Check a roster before sending (multipart: apply_type, team_id?, file): every row as it would be created, and the errors of the class import; stores nothing',
  input: z.object({ apply_type: z.string(), team_id: z.string().optional(), file: applyFile }),
  output: z.object({
    file_kind: z.enum(applyFileKinds),
    rows: z.array(rosterPreviewRow),
    errors: z.array(importError),
    notices: z.array(importError),
  }),
});

export const withdrawApplication = defineCall({
  method: 'POST',
  path: '/api/v2/account-apply/withdraw',
  access: 'teacher:not-guest',
  tag: 'account-applications',
  summary: 'Withdraw an application while it is 申請中',
  input: z.object({ id: idField }),
  output: z.null(),
});

export const getApplicationFile = defineCall({
  method: 'GET',
  path: '/api/v2/account-apply/file',
  access: 'teacher',
  tag: 'account-applications',
  kind: 'blob',
  summary: "The file attached to one of the teacher's applications (blob: xlsx, csv or pdf)",
  input: z.object({ id: idField }),
  output: z.string().meta({ format: 'binary' }),
});

/** Whether a string is fit for an operator's reason (the CLI checks it with the same rule). */
export const isReasonValid = (s: string) =>
  s.trim().length > 0 && charLength(s) <= applyLimits.reasonMax && !containsEmoji(s);
