import { z } from 'zod';
import { defineCall, empty, pageOf, queryInt } from '../define.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { classNameField, maxChars, noEmoji, requiredSecret, requiredText } from '../rules.js';
import { teamMessages } from '../team-messages.js';

/**
 * Classes (the spec's "team") and student accounts: /api/v2/team/… plus the three calls of other
 * groups that list classes and students (teacher/search-student, homework/team-rows,
 * homework/student-list-by-team). Blob exports and multipart imports are marked in their summary;
 * the server registers them with blobRoute/uploadRoute.
 */

export const teamLimits = {
  maxClasses: 100,
  studentNameMax: 30,
  furiganaMax: 30,
  gradeNameMax: 10,
  classOfStudentMax: 10,
  maxStudentsPerCall: 3000,
  import: { maxRows: 3000, maxBytes: 5 * 1024 * 1024 },
} as const;

const id = z.coerce
  .number({ error: messages.badRequest })
  .int()
  .min(1, { error: messages.badRequest })
  .max(2 ** 31 - 1);

/** Login id of a student: unique across the service, half-width, 4–20 characters. */
export const STUDENT_ID = /^[A-Za-z0-9._-]{4,20}$/;
export const studentIdField = requiredText(teamMessages.studentIdRequired).pipe(
  z.string().regex(STUDENT_ID, { error: teamMessages.studentIdRule }),
);
/** Refers to an existing student (no format rule beyond a sane length). */
const studentRef = z.string({ error: teamMessages.studentsRequired }).trim().min(1).max(100);
const studentRefs = z
  .array(studentRef, { error: teamMessages.studentsRequired })
  .min(1, { error: teamMessages.studentsRequired })
  .max(teamLimits.maxStudentsPerCall);

/** A query-string list (`?student_ids=a&student_ids=b` or one comma-separated value). */
const queryList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(100)).max(teamLimits.maxStudentsPerCall));

export const studentNameField = noEmoji(
  requiredText(teamMessages.studentNameRequired).pipe(maxChars(teamLimits.studentNameMax)),
);
const optionalText = (max: number) => noEmoji(z.string().trim().pipe(maxChars(max))).default('');
export const furiganaField = optionalText(teamLimits.furiganaMax);
export const gradeNameField = optionalText(teamLimits.gradeNameMax);
export const classOfStudentField = optionalText(teamLimits.classOfStudentMax);
/** 出席番号: empty, or up to 10 digits (spec §5 number input). */
export const attendanceNumberField = z
  .union([z.string(), z.number(), z.null()], { error: messages.numberTooLong })
  .transform((v) => (v === null ? '' : String(v).trim()))
  .refine((s) => s === '' || /^\d{1,10}$/.test(s), { error: messages.numberTooLong })
  .transform((s) => (s === '' ? null : String(Number(s))));
const allowJoin = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, { error: messages.badRequest });

export const teamRow = z.object({
  team_id: z.number().int(),
  name: z.string(),
  allow_join: z.number().int(),
  sort: z.number().int(),
  hidden: z.boolean(),
  student_count: z.number().int(),
  created_at: z.string(),
});
export type TeamRow = z.infer<typeof teamRow>;

const teamRef = z.object({ team_id: z.number().int(), name: z.string() });

export const studentRow = z.object({
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  grade_name: z.string(),
  class_name: z.string(),
  number: z.string().nullable(),
  teams: z.array(teamRef),
  /** The issued password can still be printed (the student has not set their own). */
  has_initial_password: z.boolean(),
  password_changed_at: z.string().nullable(),
  created_at: z.string(),
});
export type StudentRow = z.infer<typeof studentRow>;

const countReply = z.object({ count: z.number().int() });

// ── Classes ────────────────────────────────────────────────────────────────────────────────
export const getMyTeamRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/my-team-rows',
  access: 'teacher',
  tag: 'team',
  summary: "The teacher's classes in their sort order, hidden ones included (hidden: true)",
  input: empty,
  output: z.object({ rows: z.array(teamRow) }),
});

export const createTeam = defineCall({
  method: 'POST',
  path: '/api/v2/team/create',
  access: 'teacher',
  tag: 'team',
  summary: 'Create a class at the end of the sort order',
  input: z.object({ name: classNameField, allow_join: allowJoin.default(1) }),
  output: teamRow,
});

export const updateTeam = defineCall({
  method: 'POST',
  path: '/api/v2/team/update',
  access: 'teacher',
  tag: 'team',
  summary: 'Rename a class and set allow_join',
  input: z.object({ id, name: classNameField, allow_join: allowJoin }),
  output: teamRow,
});

export const reorderTeams = defineCall({
  method: 'POST',
  path: '/api/v2/team/reorder-sort',
  access: 'teacher',
  tag: 'team',
  summary: 'Put classes in the given order; classes not listed keep their order after them',
  input: z.object({
    team_ids: z
      .array(id)
      .min(1)
      .max(teamLimits.maxClasses * 5),
  }),
  output: z.object({ rows: z.array(teamRow) }),
});

export const makeTeamHidden = defineCall({
  method: 'POST',
  path: '/api/v2/team/make-hidden',
  access: 'teacher',
  tag: 'team',
  summary: 'Hide a class (spec §4): it leaves the pickers of homework distribution',
  input: z.object({ team_id: id }),
  output: teamRow,
});

export const makeTeamObvious = defineCall({
  method: 'POST',
  path: '/api/v2/team/make-obvious',
  access: 'teacher',
  tag: 'team',
  summary: 'Show a hidden class again',
  input: z.object({ team_id: id }),
  output: teamRow,
});

export const getTeamInfo = defineCall({
  method: 'GET',
  path: '/api/v2/team/info',
  access: 'teacher',
  tag: 'team',
  summary: 'One class of the teacher',
  input: z.object({ team_id: id }),
  output: teamRow,
});

export const getStudentBranchRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-branch-rows',
  access: 'teacher',
  tag: 'team',
  summary: 'Class → students tree of the teacher (for pickers); hidden classes only with include_hidden=1',
  input: z.object({ include_hidden: z.coerce.number().int().min(0).max(1).default(0) }),
  output: z.object({
    rows: z.array(
      teamRef.extend({
        hidden: z.boolean(),
        students: z.array(z.object({ student_id: z.string(), name: z.string(), number: z.string().nullable() })),
      }),
    ),
  }),
});

// ── Students ───────────────────────────────────────────────────────────────────────────────
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
  tag: 'team',
  summary: "A page of the teacher's students; kw searches id, name and furigana; team_id narrows to one class",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(limits.pageSize.lists, 200),
    kw: z.string().trim().max(100).optional(),
    team_id: id.optional(),
    sort_field: z.enum(studentSortFields).default('number'),
    sort_order: z.enum(['asc', 'desc']).default('asc'),
  }),
  output: pageOf(studentRow),
});

export const getStudentInfo = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-info',
  access: 'teacher',
  tag: 'team',
  summary: 'One student of the teacher (profile of /student/student-details/:studentId)',
  input: z.object({ student_id: studentRef }),
  output: studentRow,
});

export const searchStudent = defineCall({
  method: 'GET',
  path: '/api/v2/teacher/search-student',
  access: 'teacher',
  tag: 'team',
  summary: "Up to 20 of the teacher's students whose id, name or furigana contains kw",
  input: z.object({ kw: z.string().trim().max(100).default('') }),
  output: z.object({ rows: z.array(studentRow) }),
});

export const getHomeworkTeamRows = defineCall({
  method: 'GET',
  path: '/api/v2/homework/team-rows',
  access: 'teacher',
  tag: 'homework',
  summary: "The teacher's visible classes, for choosing who receives homework",
  input: empty,
  output: z.object({ rows: z.array(teamRef.extend({ student_count: z.number().int() })) }),
});

export const getStudentListByTeam = defineCall({
  method: 'GET',
  path: '/api/v2/homework/student-list-by-team',
  access: 'teacher',
  tag: 'homework',
  summary: 'The students of one class, by attendance number, for choosing who receives homework',
  input: z.object({ team_id: id }),
  output: z.object({
    rows: z.array(
      z.object({ student_id: z.string(), name: z.string(), furigana: z.string(), number: z.string().nullable() }),
    ),
  }),
});

export const changeStudentInfo = defineCall({
  method: 'POST',
  path: '/api/v2/team/change-student-info',
  access: 'teacher',
  tag: 'team',
  summary: "Change one student's name, furigana, grade, class and attendance number",
  input: z.object({
    student_id: studentRef,
    name: studentNameField,
    furigana: furiganaField,
    grade_name: gradeNameField,
    class_name: classOfStudentField,
    number: attendanceNumberField.default(null),
  }),
  output: studentRow,
});

export const changeStudentPasswordSafe = defineCall({
  method: 'POST',
  path: '/api/v2/team/change-student-password-safe',
  access: 'teacher',
  tag: 'team',
  summary:
    "Set a student's password (RSA-OAEP encrypted like the teacher's); it becomes the printable initial password",
  input: z.object({
    student_id: studentRef,
    password: requiredSecret(messages.passwordRequired).pipe(z.string().max(2048)),
  }),
  output: z.null(),
});

export const leaveTeam = defineCall({
  method: 'POST',
  path: '/api/v2/team/leave',
  access: 'teacher',
  tag: 'team',
  summary: 'Take one student out of a class (the account stays)',
  input: z.object({ student_id: studentRef, team_id: id }),
  output: z.null(),
});

export const studentBatchLeave = defineCall({
  method: 'POST',
  path: '/api/v2/team/student-batch-leave',
  access: 'teacher',
  tag: 'team',
  summary: 'Take several students out of a class in one transaction (the accounts stay)',
  input: z.object({ team_id: id, student_ids: studentRefs }),
  output: countReply,
});

export const batchChangeGradeName = defineCall({
  method: 'POST',
  path: '/api/v2/team/batch-change-grade-name',
  access: 'teacher',
  tag: 'team',
  summary: 'Set the grade name (学年) of several students',
  input: z.object({
    student_ids: studentRefs,
    grade_name: noEmoji(requiredText(teamMessages.gradeNameRequired).pipe(maxChars(teamLimits.gradeNameMax))),
  }),
  output: countReply,
});

export const batchChangeClassName = defineCall({
  method: 'POST',
  path: '/api/v2/team/batch-change-class-name',
  access: 'teacher',
  tag: 'team',
  summary: 'Set the class name (組) of several students',
  input: z.object({
    student_ids: studentRefs,
    class_name: noEmoji(requiredText(teamMessages.classOfStudentRequired).pipe(maxChars(teamLimits.classOfStudentMax))),
  }),
  output: countReply,
});

export const batchDeletionConfirm = defineCall({
  method: 'GET',
  path: '/api/v2/team/batch-deletion-confirm',
  access: 'teacher',
  tag: 'team',
  summary: 'What batch-deletion of a class would delete: its students and how many are also in other classes',
  input: z.object({ team_id: id }),
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
  tag: 'team',
  summary:
    'Delete every student account of a class (the class stays, empty). student_count must equal the confirmed count',
  input: z.object({ team_id: id, student_count: z.number({ error: messages.badRequest }).int().min(0) }),
  output: countReply,
});

export const resetStudentsInfo = defineCall({
  method: 'POST',
  path: '/api/v2/team/reset-students-info',
  access: 'teacher',
  tag: 'team',
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
});
export type InitialPasswordRow = z.infer<typeof initialPasswordRow>;

export const getStudentInitialPwdList = defineCall({
  method: 'GET',
  path: '/api/v2/team/get-student-initial-pwd-list',
  access: 'teacher',
  tag: 'team',
  summary: 'Login cards of a class (or of the listed students of it): id and initial password',
  input: z.object({ team_id: id, student_ids: queryList.optional() }),
  output: z.object({ team: teamRef, rows: z.array(initialPasswordRow) }),
});

// ── Files ──────────────────────────────────────────────────────────────────────────────────
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportStudentsXls = defineCall({
  method: 'GET',
  path: '/api/v2/team/export-students-xls',
  access: 'teacher',
  tag: 'team',
  summary: 'The roster as an xlsx file (blob): one class with team_id, otherwise every student',
  input: z.object({ team_id: id.optional() }),
  output: z.string().meta({ format: 'binary' }),
});

export const getStudentImportTemplate = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-import-template',
  access: 'teacher',
  tag: 'team',
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
  /** Classes created for クラス names that did not exist yet (import-students-list). */
  created_teams: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResult>;

const importFile = z
  .string()
  .meta({ format: 'binary', description: '.xlsx or .csv (UTF-8 with or without BOM, or Shift_JIS), ≤ 5 MB' });

export const importStudentsList = defineCall({
  method: 'POST',
  path: '/api/v2/team/import-students-list',
  access: 'teacher',
  tag: 'team',
  summary: 'Import students (multipart: file); each row names its class in the クラス column (created when missing)',
  input: z.object({ file: importFile }),
  output: importResult,
});

export const importTeamStudentsList = defineCall({
  method: 'POST',
  path: '/api/v2/team/import-team-students-list',
  access: 'teacher',
  tag: 'team',
  summary: 'Import students into one class (multipart: team_id, file); all rows or none',
  input: z.object({ team_id: id, file: importFile }),
  output: importResult,
});
