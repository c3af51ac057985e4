import { z } from 'zod';
import { countReply, defineCall, empty, idField, pageOf, queryInt, type UploadRule } from '../define.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import {
  classNameField,
  maxChars,
  noEmoji,
  normalizedString,
  requiredNormalizedText,
  requiredSecret,
  searchWordField,
} from '../rules.js';
import { classLimits, classRef, yearLimits } from './classes.js';
import { XLSX_TYPE } from './files.js';

/**
 * Student accounts: /api/v2/team/… calls about students, teacher/search-student, the roster
 * exports and imports; their limits and messages. Served by apps/server/src/modules/students.
 * A student's 学年 is `gradeName` and their 組 is `kumi` in identifiers (`grade_name` and
 * `class_name` in JSON), never to be confused with a class of the teacher.
 */

export const studentLimits = {
  studentNameMax: 30,
  furiganaMax: 30,
  gradeNameMax: 10,
  kumiMax: 10,
  maxStudentsPerCall: 3000,
  /** maxInflatedBytes: an xlsx (a zip) may inflate to at most this much in all (decompression bombs). */
  import: { maxRows: 3000, maxBytes: 5 * 1024 * 1024, maxInflatedBytes: 50 * 1024 * 1024 },
  /** Rows of one roster export (xlsx); a larger roster is exported class by class. */
  export: { maxRows: 10_000 },
} as const;

export const studentMessages = {
  studentIdRequired: '生徒IDを入力してください。',
  studentIdRule: '生徒IDは半角英数字と「.」「_」「-」を使って4〜20文字で入力してください。',
  studentIdTaken: 'この生徒IDはすでに使われています。',
  studentNameRequired: '氏名を入力してください。',
  studentsRequired: '生徒を選択してください。',
  gradeNameRequired: '学年を入力してください。',
  kumiRequired: '組を入力してください。',
  deletionCountChanged: 'クラスの人数が変わりました。もう一度確認してから削除してください。',
  fileRequired: 'ファイルを選択してください。',
  fileType: 'Excel（.xlsx）またはCSV（.csv）ファイルを選択してください。',
  fileTooLarge: 'ファイルが大きすぎます（5MBまで）。',
  fileUnreadable: 'ファイルを読み取れませんでした。テンプレートの形式で保存したファイルか確認してください。',
  fileEmpty: 'ファイルに生徒のデータがありません。',
  fileInflatedTooLarge: 'ファイルを展開したサイズが大きすぎます（上限50MB）。ファイルを分けてください。',
  fileTooManyRows: '一度に取り込めるのは3,000人までです。ファイルを分けてください。',
  fileMissingColumns: (cols: string) => `必要な列がありません：${cols}`,
  importHasErrors: (n: number) =>
    `${n}件のエラーがあるため、取り込みませんでした。修正してからもう一度お試しください。`,
  rowDuplicateInFile: (id: string, row: number) => `生徒ID「${id}」がファイル内で重複しています（${row}行目と同じ）。`,
  rowIdTaken: (id: string) => `生徒ID「${id}」はすでに使われています。`,
  rowClassMissing: 'クラスを入力してください。',
  rowControlCharsRemoved: '使用できない文字（制御文字）を取り除いて取り込みました。',
  exportTooManyRows: '一度に書き出せるのは10,000人までです。クラスを選んで書き出してください。',
} as const;

/** Login id of a student: unique across the service, half-width, 4–20 characters. */
/**
 * 学年 and 組 as one label: plain digits (an import's 「6」「1」, full-width too) get their unit
 * (6年1組), text stays as written (「5年」「1組」 → 5年1組; 「ひまわり」).
 */
export function gradeKumiLabel(gradeName: string, kumi: string) {
  const unit = (value: string, suffix: string) => {
    const v = value.normalize('NFKC').trim();
    return /^\d+$/.test(v) ? `${Number(v)}${suffix}` : value.trim();
  };
  return `${unit(gradeName, '年')}${unit(kumi, '組')}`;
}

export const STUDENT_ID = /^[A-Za-z0-9._-]{4,20}$/;
export const studentIdField = requiredNormalizedText(studentMessages.studentIdRequired).pipe(
  z.string().regex(STUDENT_ID, { error: studentMessages.studentIdRule }),
);
/** Refers to an existing student (no format rule beyond a sane length). */
const studentRef = normalizedString({ error: studentMessages.studentsRequired }).pipe(
  z.string().trim().min(1, { error: studentMessages.studentsRequired }).max(100),
);
const studentRefs = z
  .array(studentRef, { error: studentMessages.studentsRequired })
  .min(1, { error: studentMessages.studentsRequired })
  .max(studentLimits.maxStudentsPerCall);

/** A query-string list (`?student_ids=a&student_ids=b` or one comma-separated value). */
const queryList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(100)).max(studentLimits.maxStudentsPerCall));

export const studentNameField = noEmoji(
  requiredNormalizedText(studentMessages.studentNameRequired).pipe(maxChars(studentLimits.studentNameMax)),
);
/** Optional names (furigana, 学年, 組): NFKC-normalised, trimmed, no emoji, at most `max` characters. */
const optionalName = (max: number) => noEmoji(normalizedString().pipe(z.string().trim()).pipe(maxChars(max)));
const optionalText = (max: number) => optionalName(max).default('');
export const furiganaField = optionalText(studentLimits.furiganaMax);
export const gradeNameField = optionalText(studentLimits.gradeNameMax);
export const kumiField = optionalText(studentLimits.kumiMax);
/** 出席番号: empty, or up to 10 digits (the spec's number input). */
export const attendanceNumberField = z
  .union([z.string(), z.number(), z.null()], { error: messages.numberTooLong })
  .transform((v) => (v === null ? '' : String(v).trim()))
  .refine((s) => s === '' || /^\d{1,10}$/.test(s), { error: messages.numberTooLong })
  .transform((s) => (s === '' ? null : String(Number(s))));
export const studentRow = z.object({
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  grade_name: z.string(),
  class_name: z.string(),
  number: z.string().nullable(),
  teams: z.array(classRef),
  /** The issued password can still be printed (the student has not set their own). */
  has_initial_password: z.boolean(),
  password_changed_at: z.string().nullable(),
  created_at: z.string(),
});
export type StudentRow = z.infer<typeof studentRow>;

export const getStudentBranchRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-branch-rows',
  access: 'teacher',
  tag: 'students',
  summary: 'Class → students tree of the teacher (for pickers); hidden classes only with include_hidden=1',
  input: z.object({ include_hidden: z.coerce.number().int().min(0).max(1).default(0) }),
  output: z.object({
    rows: z.array(
      classRef.extend({
        hidden: z.boolean(),
        students: z.array(z.object({ student_id: z.string(), name: z.string(), number: z.string().nullable() })),
      }),
    ),
  }),
});

export const studentSortFields = [
  'number',
  'student_id',
  'name',
  'furigana',
  'grade_name',
  'class_name',
  'created_at',
] as const;

export const getStudentPageRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-page-rows',
  access: 'teacher',
  tag: 'students',
  summary: "A page of the teacher's students; kw searches id, name and furigana; team_id narrows to one class",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(limits.pageSize.lists, 200),
    kw: searchWordField().optional(),
    team_id: idField.optional(),
    sort_field: z.enum(studentSortFields).default('number'),
    sort_order: z.enum(['asc', 'desc']).default('asc'),
  }),
  output: pageOf(studentRow),
});

export const getStudentInfo = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-info',
  access: 'teacher',
  tag: 'students',
  summary: 'One student of the teacher (profile of /student/student-details/:studentId)',
  input: z.object({ student_id: studentRef }),
  output: studentRow,
});

export const searchStudent = defineCall({
  method: 'GET',
  path: '/api/v2/teacher/search-student',
  access: 'teacher',
  tag: 'students',
  summary: "Up to 20 of the teacher's students whose id, name or furigana contains kw",
  input: z.object({ kw: searchWordField().default('') }),
  output: z.object({ rows: z.array(studentRow) }),
});

export const changeStudentInfo = defineCall({
  method: 'POST',
  path: '/api/v2/team/change-student-info',
  access: 'teacher',
  tag: 'students',
  summary: "Change one student's name, furigana, grade, class and attendance number",
  input: z.object({
    student_id: studentRef,
    name: studentNameField,
    // A field left out stays as it is; an empty one is cleared (docs/classes.md, "Changing a student").
    furigana: optionalName(studentLimits.furiganaMax).optional(),
    grade_name: optionalName(studentLimits.gradeNameMax).optional(),
    class_name: optionalName(studentLimits.kumiMax).optional(),
    number: attendanceNumberField.optional(),
  }),
  output: studentRow,
});

export const changeStudentPasswordSafe = defineCall({
  method: 'POST',
  path: '/api/v2/team/change-student-password-safe',
  access: 'teacher',
  tag: 'students',
  summary:
    "Set a student's password (RSA-OAEP encrypted like the teacher's); it becomes the printable initial password",
  input: z.object({
    student_id: studentRef,
    password: requiredSecret(messages.passwordRequired).pipe(z.string().max(2048)),
  }),
  output: z.null(),
});

export const leaveClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/leave',
  access: 'teacher',
  tag: 'students',
  summary: 'Take one student out of a class (the account stays)',
  input: z.object({ student_id: studentRef, team_id: idField }),
  output: z.null(),
});

export const studentBatchLeave = defineCall({
  method: 'POST',
  path: '/api/v2/team/student-batch-leave',
  access: 'teacher',
  tag: 'students',
  summary: 'Take several students out of a class in one transaction (the accounts stay)',
  input: z.object({ team_id: idField, student_ids: studentRefs }),
  output: countReply,
});

export const batchChangeGradeName = defineCall({
  method: 'POST',
  path: '/api/v2/team/batch-change-grade-name',
  access: 'teacher',
  tag: 'students',
  summary: 'Set the grade name (学年) of several students',
  input: z.object({
    student_ids: studentRefs,
    grade_name: noEmoji(
      requiredNormalizedText(studentMessages.gradeNameRequired).pipe(maxChars(studentLimits.gradeNameMax)),
    ),
  }),
  output: countReply,
});

export const batchChangeKumi = defineCall({
  method: 'POST',
  path: '/api/v2/team/batch-change-class-name',
  access: 'teacher',
  tag: 'students',
  summary: 'Set the class name (組) of several students',
  input: z.object({
    student_ids: studentRefs,
    class_name: noEmoji(requiredNormalizedText(studentMessages.kumiRequired).pipe(maxChars(studentLimits.kumiMax))),
  }),
  output: countReply,
});

export const batchDeletionConfirm = defineCall({
  method: 'GET',
  path: '/api/v2/team/batch-deletion-confirm',
  access: 'teacher',
  tag: 'students',
  summary: 'What batch-deletion of a class would delete: its students and how many are also in other classes',
  input: z.object({ team_id: idField }),
  output: z.object({
    team_id: z.number().int(),
    name: z.string(),
    student_count: z.number().int(),
    /** Students of this class who also belong to another class (they disappear from there too). */
    in_other_teams_count: z.number().int(),
  }),
});

export const batchDeletion = defineCall({
  method: 'POST',
  path: '/api/v2/team/batch-deletion',
  access: 'teacher',
  tag: 'students',
  summary:
    'Delete every student account of a class (the class stays, empty). student_count must equal the confirmed count',
  input: z.object({ team_id: idField, student_count: z.number({ error: messages.badRequest }).int().min(0) }),
  output: countReply,
});

export const resetStudentsInfo = defineCall({
  method: 'POST',
  path: '/api/v2/team/reset-students-info',
  access: 'teacher',
  tag: 'students',
  summary: 'Issue new initial passwords to several students (for reprinting login cards)',
  input: z.object({ student_ids: studentRefs }),
  output: countReply,
});

export const initialPasswordRow = z.object({
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  grade_name: z.string(),
  class_name: z.string(),
  number: z.string().nullable(),
  /** null once the student has set a password of their own. */
  initial_password: z.string().nullable(),
  /** The key of the card's sign-in QR code (`learnCardUrl`); it stops working when the card is renewed (docs/learn.md). */
  card_key: z.string(),
});
export type InitialPasswordRow = z.infer<typeof initialPasswordRow>;

export const getStudentInitialPwdList = defineCall({
  method: 'GET',
  path: '/api/v2/team/get-student-initial-pwd-list',
  access: 'teacher',
  tag: 'students',
  summary: 'Login cards of a class (or of the listed students of it): id and initial password',
  input: z.object({ team_id: idField, student_ids: queryList.optional() }),
  output: z.object({
    /** code: the class code printed on the cards with its QR code (docs/classes.md). */
    team: classRef.extend({ code: z.string() }),
    rows: z.array(initialPasswordRow),
  }),
});

// ── Files ──────────────────────────────────────────────────────────────────────────────────

export const exportStudentsXls = defineCall({
  method: 'GET',
  path: '/api/v2/team/export-students-xls',
  access: 'teacher',
  tag: 'students',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: 'The roster as an xlsx file (blob): one class with team_id, otherwise every student',
  input: z.object({ team_id: idField.optional() }),
  output: z.string().meta({ format: 'binary' }),
});

export const getStudentImportTemplate = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-import-template',
  access: 'teacher',
  tag: 'students',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: 'The xlsx template for student imports (blob); with_team=1 adds the クラス column',
  input: z.object({ with_team: z.coerce.number().int().min(0).max(1).default(0) }),
  output: z.string().meta({ format: 'binary' }),
});

export const importError = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  student_id: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const importResult = z.object({
  /** Students created; 0 whenever errors is not empty (all or nothing). */
  imported: z.number().int(),
  errors: z.array(importError),
  /** Rows imported with a change the teacher should know of (control characters removed). */
  notices: z.array(importError),
  /** Classes created for クラス names that did not exist yet (import-students-list). */
  created_teams: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResult>;

/** Roster files: the same rule on the server and in the browser (checked before sending). */
export const rosterUpload: UploadRule = {
  maxBytes: studentLimits.import.maxBytes,
  extensions: ['.xlsx', '.csv'],
  fileRequiredMessage: studentMessages.fileRequired,
  fileTypeMessage: studentMessages.fileType,
  tooLargeMessage: studentMessages.fileTooLarge,
};

const importFile = z
  .string()
  .meta({ format: 'binary', description: '.xlsx or .csv (UTF-8 with or without BOM, or Shift_JIS), ≤ 5 MB' });

export const importStudentsList = defineCall({
  method: 'POST',
  path: '/api/v2/team/import-students-list',
  access: 'teacher',
  tag: 'students',
  kind: 'upload',
  upload: rosterUpload,
  summary: 'Import students (multipart: file); each row names its class in the クラス column (created when missing)',
  input: z.object({ file: importFile }),
  output: importResult,
});

export const importClassStudentsList = defineCall({
  method: 'POST',
  path: '/api/v2/team/import-team-students-list',
  access: 'teacher',
  tag: 'students',
  kind: 'upload',
  upload: rosterUpload,
  summary: 'Import students into one class (multipart: team_id, file); all rows or none',
  input: z.object({ team_id: idField, file: importFile }),
  output: importResult,
});

// ── The April roll-over (年度更新) ──────────────────────────────────────────────────────────

/** What happens to one of this year's classes and its children. */
export const rolloverPlan = z.discriminatedUnion(
  'action',
  [
    /** Every child goes to one next class: a new one (`name`) or an existing continuing one (`next_team_id`). */
    z.object({
      team_id: idField,
      action: z.literal('next'),
      name: classNameField.optional(),
      next_team_id: idField.optional(),
    }),
    /** Children go to the class named for them in the roster (`assignments`). */
    z.object({ team_id: idField, action: z.literal('split') }),
    /** Every child graduates. */
    z.object({ team_id: idField, action: z.literal('graduate') }),
    /** The class goes on unchanged into the next year (its children's 学年 still advance). */
    z.object({ team_id: idField, action: z.literal('keep') }),
  ],
  { error: messages.badRequest },
);
export type RolloverPlan = z.infer<typeof rolloverPlan>;

export const rosterAssignment = z.object({ student_id: z.string().trim().min(1).max(100), team_name: classNameField });

export const rolloverInput = z.object({
  plans: z.array(rolloverPlan).min(1, { error: messages.badRequest }).max(classLimits.maxClasses),
  /** 学年 「N年」 becomes 「N+1年」; 「6年」 graduates. */
  advance_grades: z.boolean().default(true),
  assignments: z.array(rosterAssignment).max(yearLimits.maxAssignments).default([]),
});
export type RolloverInput = z.input<typeof rolloverInput>;

export const rolloverReport = z.object({
  /** Problems that keep the roll-over from being committed (empty: it can be). */
  errors: z.array(z.string()),
  created_teams: z.array(z.string()),
  archived_teams: z.array(classRef),
  kept_teams: z.array(classRef),
  moves: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      from_team: z.string(),
      to_team: z.string(),
      grade_from: z.string(),
      grade_to: z.string(),
    }),
  ),
  graduates: z.array(
    z.object({ student_id: z.string(), name: z.string(), from_team: z.string(), grade_name: z.string() }),
  ),
  /** Set by the commit: when it was written. */
  committed_at: z.string().nullable(),
  /** Set by the commit: the kept record of this roll-over, for `year-rollover-report-xls`. */
  rollover_id: z.number().int().nullable(),
});
export type RolloverReport = z.infer<typeof rolloverReport>;

export const previewRollover = defineCall({
  method: 'POST',
  path: '/api/v2/team/year-rollover-preview',
  access: 'teacher',
  tag: 'students',
  summary: 'Compute every change of the April roll-over without writing anything',
  input: rolloverInput,
  output: rolloverReport,
});

export const commitRollover = defineCall({
  method: 'POST',
  path: '/api/v2/team/year-rollover-commit',
  access: 'teacher',
  tag: 'students',
  summary: 'Carry out the April roll-over in one transaction (all or nothing) and report what was done',
  input: rolloverInput,
  output: rolloverReport,
});

/** One committed roll-over of the teacher, for the list of reports (newest first). */
export const rolloverRow = z.object({
  rollover_id: z.number().int(),
  committed_at: z.string(),
  moved_count: z.number().int(),
  graduate_count: z.number().int(),
  created_count: z.number().int(),
  archived_count: z.number().int(),
});
export type RolloverRow = z.infer<typeof rolloverRow>;

export const getRolloverRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/year-rollover-rows',
  access: 'teacher',
  tag: 'students',
  summary: "The teacher's committed roll-overs (their reports can be downloaded), newest first",
  input: empty,
  output: z.object({ rows: z.array(rolloverRow) }),
});

export const exportRolloverReportXls = defineCall({
  method: 'GET',
  path: '/api/v2/team/year-rollover-report-xls',
  access: 'teacher',
  tag: 'students',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary:
    'The report of a committed roll-over as an xlsx file (blob): what moved where, graduates archived, classes made read-only',
  input: z.object({ rollover_id: idField }),
  output: z.string().meta({ format: 'binary' }),
});

/** A reply names plain strings: the input rule (with its normalising transform) is no reply schema. */
export const rolloverRosterResult = z.object({
  assignments: z.array(z.object({ student_id: z.string(), team_name: z.string() })),
  errors: z.array(importError),
});

export const readRolloverRoster = defineCall({
  method: 'POST',
  path: '/api/v2/team/year-rollover-roster',
  access: 'teacher',
  tag: 'students',
  kind: 'upload',
  upload: rosterUpload,
  summary:
    'Read a roster for splitting classes in the roll-over (multipart: file with 生徒ID and 新しいクラス columns); writes nothing',
  input: z.object({ file: importFile }),
  output: rolloverRosterResult,
});

// ── Moving, adding, students without a class, graduates (docs/classes.md) ────────────────────

export const studentBatchAdd = defineCall({
  method: 'POST',
  path: '/api/v2/team/student-batch-add',
  access: 'teacher',
  tag: 'students',
  summary: "Add students to another of the teacher's classes (they stay in their other classes)",
  input: z.object({ team_id: idField, student_ids: studentRefs }),
  output: countReply,
});

export const studentBatchMove = defineCall({
  method: 'POST',
  path: '/api/v2/team/student-batch-move',
  access: 'teacher',
  tag: 'students',
  summary: 'Move students from one class to another (login, history and results stay with them)',
  input: z.object({ from_team_id: idField, team_id: idField, student_ids: studentRefs }),
  output: countReply,
});

export const getUnassignedStudentPageRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/unassigned-student-page-rows',
  access: 'teacher',
  tag: 'students',
  summary: "A page of the teacher's students who belong to no class (クラス未所属)",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(limits.pageSize.lists, 200),
    kw: z.string().trim().max(100).optional(),
  }),
  output: pageOf(studentRow),
});

export const studentBatchDelete = defineCall({
  method: 'POST',
  path: '/api/v2/team/student-batch-delete',
  access: 'teacher',
  tag: 'students',
  summary: 'Delete the listed student accounts (and their memberships)',
  input: z.object({ student_ids: studentRefs }),
  output: countReply,
});

export const getStudentsLoginCards = defineCall({
  method: 'GET',
  path: '/api/v2/team/students-login-cards',
  access: 'teacher',
  tag: 'students',
  summary: 'Login cards of the listed students, whatever their class (クラス未所属 included)',
  input: z.object({
    student_ids: queryList.pipe(z.array(z.string()).min(1, { error: studentMessages.studentsRequired })),
  }),
  output: z.object({ rows: z.array(initialPasswordRow.extend({ team_name: z.string() })) }),
});

export const getGraduatePageRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/graduate-page-rows',
  access: 'teacher',
  tag: 'students',
  summary: "A page of the teacher's graduates (archived in a roll-over: accounts closed, results kept)",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(limits.pageSize.lists, 200),
    kw: z.string().trim().max(100).optional(),
  }),
  output: pageOf(studentRow.extend({ archived_at: z.string() })),
});

export const exportGraduatesXls = defineCall({
  method: 'GET',
  path: '/api/v2/team/export-graduates-xls',
  access: 'teacher',
  tag: 'students',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: 'The graduates as an xlsx file (blob)',
  input: empty,
  output: z.string().meta({ format: 'binary' }),
});
