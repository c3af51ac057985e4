import { z } from 'zod';
import { defineCall, empty, idField } from '../define.js';
import { messages } from '../messages.js';
import { classNameField } from '../rules.js';

/**
 * Classes (the spec's "team"; identifiers here say class, paths and JSON fields keep team):
 * /api/v2/team/… calls about the classes themselves, their limits and messages. Served by
 * apps/server/src/modules/classes.
 */

export const classLimits = {
  maxClasses: 100,
} as const;

export const classMessages = {
  classNameTaken: '同じ名前のクラスがすでにあります。別の名前を入力してください。',
  classLimit: 'クラスは100個まで作成できます。',
} as const;

const allowJoin = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, { error: messages.badRequest });

export const classRow = z.object({
  team_id: z.number().int(),
  name: z.string(),
  allow_join: z.number().int(),
  sort: z.number().int(),
  hidden: z.boolean(),
  student_count: z.number().int(),
  created_at: z.string(),
});
export type ClassRow = z.infer<typeof classRow>;

/** A class as other replies name it. */
export const classRef = z.object({ team_id: z.number().int(), name: z.string() });

export const getMyClassRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/my-team-rows',
  access: 'teacher',
  tag: 'classes',
  summary: "The teacher's classes in their sort order, hidden ones included (hidden: true)",
  input: empty,
  output: z.object({ rows: z.array(classRow) }),
});

export const createClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/create',
  access: 'teacher',
  tag: 'classes',
  summary: 'Create a class at the end of the sort order',
  input: z.object({ name: classNameField, allow_join: allowJoin.default(1) }),
  output: classRow,
});

export const updateClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/update',
  access: 'teacher',
  tag: 'classes',
  summary: 'Rename a class and set allow_join',
  input: z.object({ id: idField, name: classNameField, allow_join: allowJoin }),
  output: classRow,
});

export const reorderClasses = defineCall({
  method: 'POST',
  path: '/api/v2/team/reorder-sort',
  access: 'teacher',
  tag: 'classes',
  summary: 'Put classes in the given order; classes not listed keep their order after them',
  input: z.object({
    team_ids: z
      .array(idField)
      .min(1)
      .max(classLimits.maxClasses * 5),
  }),
  output: z.object({ rows: z.array(classRow) }),
});

export const hideClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/make-hidden',
  access: 'teacher',
  tag: 'classes',
  summary: 'Hide a class (spec §4): it leaves the pickers of homework distribution',
  input: z.object({ team_id: idField }),
  output: classRow,
});

export const showClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/make-obvious',
  access: 'teacher',
  tag: 'classes',
  summary: 'Show a hidden class again',
  input: z.object({ team_id: idField }),
  output: classRow,
});

export const getClassInfo = defineCall({
  method: 'GET',
  path: '/api/v2/team/info',
  access: 'teacher',
  tag: 'classes',
  summary: 'One class of the teacher',
  input: z.object({ team_id: idField }),
  output: classRow,
});

// ── A school year (docs/classes.md): deleting a class, class codes, the April roll-over ──────

/** Class codes: 6 characters without look-alikes (no 0/O, 1/I/L), upper case. */
export const CLASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CLASS_CODE_LENGTH = 6;

export const yearLimits = {
  /** Seconds after team/delete during which team/restore brings the class back. */
  restoreWindowSeconds: 30,
  /** Failed join attempts (wrong or closed code) per student per hour. */
  joinFailuresPerHour: 10,
  /** Roster rows of one roll-over (the roster upload's own limit is the import's). */
  maxAssignments: 3000,
} as const;

export const yearMessages = {
  restoreExpired: '元に戻せる時間を過ぎました。クラスは削除されたままです。',
  classArchived: '昨年度のクラスは変更できません。',
  codeInvalid: 'クラスコードが正しくありません。',
  joinClosed: 'このクラスは現在、参加を受け付けていません。',
  rolloverInvalid: (n: number) => `年度更新の内容に${n}件の問題があります。確認してください。`,
  rolloverNextRequired: (name: string) => `「${name}」の次のクラスを選んでください。`,
  rolloverNextArchived: (name: string) =>
    `「${name}」の次のクラスに、今年度で終わるクラスは選べません。新しいクラスか、続けるクラスを選んでください。`,
  rolloverNoRoster: (name: string) => `「${name}」を名簿で分けるには、名簿ファイルを読み込んでください。`,
  rolloverNotInRoster: (name: string, ids: string) => `「${name}」の次の生徒が名簿にありません：${ids}`,
  rolloverUnknownStudents: (ids: string) => `名簿に、この先生の生徒ではないIDがあります：${ids}`,
  rosterMissingColumns: '名簿には「生徒ID」と「新しいクラス」の列が必要です。',
} as const;

/** A class code as typed: spaces and hyphens ignored, full-width and lower case accepted. */
export const normaliseClassCode = (raw: string) => raw.normalize('NFKC').replace(/[\s-]/g, '').toUpperCase();

/**
 * Where a class code's QR code points: the students' app join screen (built by the students'
 * side issue), `<origin>/learn/#/join?code=XXXXXX` (docs/classes.md).
 */
export const classJoinUrl = (origin: string, code: string) =>
  `${origin.replace(/\/$/, '')}/learn/#/join?code=${encodeURIComponent(code)}`;

export const deleteClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/delete',
  access: 'teacher',
  tag: 'classes',
  summary:
    'Delete a class: its homework and results are kept read-only, its students stay (without another class they are クラス未所属); team/restore undoes it for a short window',
  input: z.object({ team_id: idField }),
  output: z.object({
    team_id: z.number().int(),
    name: z.string(),
    /** Students who now have no class. */
    unassigned_count: z.number().int(),
    /** Until when team/restore brings it back (ISO 8601). */
    restorable_until: z.string(),
  }),
});

export const restoreClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/restore',
  access: 'teacher',
  tag: 'classes',
  summary: 'Undo team/delete within its window (restoreWindowSeconds); afterwards the deletion is final',
  input: z.object({ team_id: idField }),
  output: classRow,
});

export const classCodeReply = z.object({
  team_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  allow_join: z.number().int(),
});

export const getClassCode = defineCall({
  method: 'GET',
  path: '/api/v2/team/class-code',
  access: 'teacher',
  tag: 'classes',
  summary: 'The class code children join with (and whether joining is open)',
  input: z.object({ team_id: idField }),
  output: classCodeReply,
});

export const renewClassCode = defineCall({
  method: 'POST',
  path: '/api/v2/team/renew-class-code',
  access: 'teacher',
  tag: 'classes',
  summary: 'Give the class a new code; the old one stops working at once',
  input: z.object({ team_id: idField }),
  output: classCodeReply,
});

export const archivedClassRow = classRef.extend({ student_count: z.number().int(), archived_at: z.string() });

export const getArchivedClassRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/archived-team-rows',
  access: 'teacher',
  tag: 'classes',
  summary: "Last years' classes (read-only), newest first",
  input: empty,
  output: z.object({ rows: z.array(archivedClassRow) }),
});
