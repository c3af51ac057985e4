import { ErrorCode, messages, studentLimits, studentMessages, type ImportError } from '@ondoku/contract';
import {
  attendanceNumberField,
  classNameField,
  kumiField,
  furiganaField,
  gradeNameField,
  passwordField,
  studentIdField,
  studentNameField,
} from '@ondoku/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createClasses, findClassByName } from '../classes/index.js';
import { readSheet, type SheetRow } from './import-file.js';
import { createStudents, rejoinStudents, type NewStudent } from './service.js';
import { findUnassignedStudents, unsafeFindTakenLoginIds } from './student-repository.js';

/** Notice of a row whose id was one of the teacher's students without a class. */
export const rowReturned = 'クラス未所属だった生徒です。氏名などを名簿の内容に更新して、クラスに戻しました。';

/**
 * Student imports: every row validated with the contract's rules, duplicates inside the file and
 * against every existing id found, and then all rows created in one transaction, or none.
 */

type Key = 'student_id' | 'name' | 'furigana' | 'grade_name' | 'kumi' | 'number' | 'password' | 'class';

/** Template columns (docs/classes.md) and the header names accepted for each. */
export const importColumns: { key: Key; label: string; aliases: string[]; required: boolean }[] = [
  {
    key: 'student_id',
    label: '生徒ID',
    aliases: ['生徒id', 'id', 'ログインid', 'ユーザーid', 'student_id'],
    required: true,
  },
  { key: 'name', label: '氏名', aliases: ['名前', '生徒名', 'name'], required: true },
  { key: 'furigana', label: 'ふりがな', aliases: ['フリガナ', 'よみがな', 'ヨミガナ', 'furigana'], required: false },
  { key: 'grade_name', label: '学年', aliases: ['grade', 'grade_name'], required: false },
  { key: 'kumi', label: '組', aliases: ['class_name'], required: false },
  { key: 'number', label: '出席番号', aliases: ['番号', 'no', 'number'], required: false },
  { key: 'password', label: '初期パスワード', aliases: ['パスワード', 'password'], required: false },
  { key: 'class', label: 'クラス', aliases: ['所属クラス', 'team'], required: false },
];

const normalizeHeader = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\s\u3000*＊※]/g, '')
    .toLowerCase();

function mapHeader(cells: string[], withClass: boolean) {
  const index = new Map<Key, number>();
  cells.forEach((raw, i) => {
    const h = normalizeHeader(raw);
    const col = importColumns.find(
      (c) => normalizeHeader(c.label) === h || c.aliases.some((a) => normalizeHeader(a) === h),
    );
    if (col && !index.has(col.key)) index.set(col.key, i);
  });
  const missing = importColumns
    .filter((c) => (c.required || (withClass && c.key === 'class')) && !index.has(c.key))
    .map((c) => c.label);
  if (missing.length)
    throw new AppError(ErrorCode.IMPORT_FILE_INVALID, studentMessages.fileMissingColumns(missing.join('、')));
  return index;
}

const labelOf = (key: Key) => importColumns.find((c) => c.key === key)!.label;

function check<T extends z.ZodType>(schema: T, value: unknown, key: Key, errors: string[]): z.output<T> | undefined {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  errors.push(`${labelOf(key)}：${r.error.issues[0]?.message ?? ''}`);
  return undefined;
}

interface ParsedRow {
  row: number;
  student: Omit<NewStudent, 'classIds'>;
  /** The class named in the クラス column (imports by column). */
  className?: string;
}

export function validateRows(rows: SheetRow[], withClass: boolean): { parsed: ParsedRow[]; errors: ImportError[] } {
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...data] = nonEmpty;
  if (!header || data.length === 0) throw new AppError(ErrorCode.IMPORT_FILE_INVALID, studentMessages.fileEmpty);
  if (data.length > studentLimits.import.maxRows)
    throw new AppError(ErrorCode.IMPORT_FILE_INVALID, studentMessages.fileTooManyRows);
  const index = mapHeader(header.cells, withClass);
  const get = (r: SheetRow, key: Key) => {
    const i = index.get(key);
    return i === undefined ? '' : (r.cells[i] ?? '').trim();
  };

  const parsed: ParsedRow[] = [];
  const errors: ImportError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of data) {
    const rowErrors: string[] = [];
    const rawId = get(r, 'student_id');
    const loginId = check(studentIdField, rawId, 'student_id', rowErrors);
    const name = check(studentNameField, get(r, 'name'), 'name', rowErrors);
    const furigana = check(furiganaField, get(r, 'furigana'), 'furigana', rowErrors);
    const gradeName = check(gradeNameField, get(r, 'grade_name'), 'grade_name', rowErrors);
    const kumi = check(kumiField, get(r, 'kumi'), 'kumi', rowErrors);
    const number = check(attendanceNumberField, get(r, 'number'), 'number', rowErrors);
    const rawPassword = get(r, 'password');
    const password = rawPassword ? check(passwordField, rawPassword, 'password', rowErrors) : undefined;
    let className: string | undefined;
    if (withClass) {
      const rawClass = get(r, 'class');
      if (!rawClass) rowErrors.push(`${labelOf('class')}：${studentMessages.rowClassMissing}`);
      else className = check(classNameField, rawClass, 'class', rowErrors);
    }
    if (loginId) {
      const first = firstRowOf.get(loginId.toLowerCase());
      if (first !== undefined) rowErrors.push(studentMessages.rowDuplicateInFile(loginId, first));
      else firstRowOf.set(loginId.toLowerCase(), r.row);
    }
    if (rowErrors.length) {
      for (const message of rowErrors) errors.push({ row: r.row, student_id: rawId, message });
      continue;
    }
    parsed.push({
      row: r.row,
      student: { loginId: loginId!, name: name!, furigana, gradeName, kumi, number, password },
      className,
    });
  }
  return { parsed, errors };
}

/**
 * Ids of the file already in use (errors added for them), and the teacher's own students without
 * a class whom the file brings back by their id.
 */
async function checkTakenIds(
  tx: DbOrTx,
  teacherId: number,
  parsed: ParsedRow[],
  errors: ImportError[],
  limiter?: RateLimiter,
) {
  const taken = await unsafeFindTakenLoginIds(
    tx,
    parsed.map((p) => p.student.loginId),
  );
  // The teacher's own students without a class (クラス未所属) come back by their id: not "taken".
  const returning = new Map(
    (
      await findUnassignedStudents(
        tx,
        teacherId,
        parsed.filter((p) => taken.has(p.student.loginId.toLowerCase())).map((p) => p.student.loginId),
      )
    ).map((s) => [s.loginId.toLowerCase(), s]),
  );
  for (const id of returning.keys()) taken.delete(id);
  // Taken ids are existence probes: a teacher may be told only so many per window (docs/security.md).
  const probes = { ...rateLimits.takenIdsOfTeacher(teacherId), cost: taken.size };
  if (limiter && taken.size > 0 && !(await limiter.reserve(probes))) {
    throw new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);
  }
  for (const p of parsed) {
    if (taken.has(p.student.loginId.toLowerCase()))
      errors.push({
        row: p.row,
        student_id: p.student.loginId,
        message: studentMessages.rowIdTaken(p.student.loginId),
      });
  }
  errors.sort((a, b) => a.row - b.row);
  return returning;
}

const strippedNotices = (sheet: SheetRow[], parsed: ParsedRow[]): ImportError[] => {
  const loginIdOfRow = new Map(parsed.map((p) => [p.row, p.student.loginId]));
  return sheet
    .filter((r) => r.stripped)
    .map((r) => ({
      row: r.row,
      student_id: loginIdOfRow.get(r.row) ?? '',
      message: studentMessages.rowControlCharsRemoved,
    }));
};

/** One row of a roster as the import would create it (the class named in the クラス column, if any). */
export type RosterRow = ParsedRow;

/**
 * Check a roster file with every rule of the import (columns, each row, duplicates, ids in use)
 * and write nothing: an account application shows the rows before it is sent, and the operator's
 * approval imports the same file later with `importStudents`.
 */
export async function previewRoster(
  tx: DbOrTx,
  teacherId: number,
  file: { buffer: Buffer; filename: string },
  target: { classId: number } | { byClassColumn: true },
  limiter?: RateLimiter,
): Promise<{ rows: RosterRow[]; errors: ImportError[]; notices: ImportError[] }> {
  const sheet = await readSheet(file.buffer, file.filename);
  const { parsed, errors } = validateRows(sheet, 'byClassColumn' in target);
  await checkTakenIds(tx, teacherId, parsed, errors, limiter);
  return { rows: parsed, errors, notices: strippedNotices(sheet, parsed) };
}

/**
 * Import a roster file. Runs in the call's transaction (`tx`): the classes it names and every
 * student are created together, or nothing is.
 */
export async function importStudents(
  tx: DbOrTx,
  box: SecretBox,
  teacherId: number,
  file: { buffer: Buffer; filename: string },
  target: { classId: number } | { byClassColumn: true },
  limiter?: RateLimiter,
): Promise<{ imported: number; errors: ImportError[]; notices: ImportError[]; createdClasses: string[] }> {
  const withClass = 'byClassColumn' in target;
  const sheet = await readSheet(file.buffer, file.filename);
  const { parsed, errors } = validateRows(sheet, withClass);
  const returning = await checkTakenIds(tx, teacherId, parsed, errors, limiter);
  if (errors.length) return { imported: 0, errors, notices: [], createdClasses: [] };

  // Classes named in the file: existing ones of this teacher, or new ones made in this transaction.
  const named = withClass ? [...new Set(parsed.map((p) => p.className!))] : [];
  const classIds = new Map<string, number>();
  for (const name of named) {
    const c = await findClassByName(tx, teacherId, name);
    if (c) classIds.set(name, c.id);
  }
  const createdClasses = named.filter((n) => !classIds.has(n));
  for (const [name, id] of await createClasses(tx, teacherId, createdClasses)) classIds.set(name, id);
  const classOf = (p: ParsedRow) => ('classId' in target ? target.classId : classIds.get(p.className!)!);
  const isReturning = (p: ParsedRow) => returning.has(p.student.loginId.toLowerCase());
  const fresh = parsed.filter((p) => !isReturning(p));
  const back = parsed.filter(isReturning);
  let imported = await createStudents(
    tx,
    box,
    teacherId,
    fresh.map((p) => ({ ...p.student, classIds: [classOf(p)] })),
  );
  if (back.length) {
    imported += await rejoinStudents(
      tx,
      box,
      teacherId,
      back.map((p) => ({ ...p.student, id: returning.get(p.student.loginId.toLowerCase())!.id, classId: classOf(p) })),
    );
  }
  const notices = [
    ...strippedNotices(sheet, parsed),
    ...back.map((p) => ({ row: p.row, student_id: p.student.loginId, message: rowReturned })),
  ].sort((a, b) => a.row - b.row);
  return { imported, errors: [], notices, createdClasses };
}
