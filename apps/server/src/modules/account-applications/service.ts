import {
  applicationFields,
  applyMessages,
  rosterCheckFields,
  applyTypeNames,
  applyLimits,
  ErrorCode,
  rosterKinds,
  XLSX_TYPE,
  type ApplyFileKind,
  type ApplyType,
} from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { onUniqueViolation } from '../../db/errors.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { UploadedFile } from '../../lib/route.js';
import type { Storage } from '../../lib/storage.js';
import { requireOwnClass } from '../classes/policy.js';
import { storeMedia } from '../media/index.js';
import { previewRoster } from '../students/index.js';
import {
  countStudentsInUse,
  grantedAccounts,
  insertApplication,
  pendingKinds,
  updateApplication,
  type ApplicationRecord,
} from './repository.js';

/**
 * The teacher's side of account applications (docs/account-applications.md): what the school
 * has, what may be applied for, checking a roster, sending and withdrawing an application.
 */

/** The school year of a moment: April to March, in Japan. */
export function schoolYearOf(now: Date): number {
  const jst = new Date(now.getTime() + 9 * 3600_000);
  return jst.getUTCMonth() < 3 ? jst.getUTCFullYear() - 1 : jst.getUTCFullYear();
}

/** Midnight in Japan of a YYYY-MM-DD date, and of the day after (the list's period filter). */
export function periodOf(start?: string, end?: string) {
  const at = (d: string) => new Date(`${d}T00:00:00+09:00`);
  return {
    since: start ? at(start) : undefined,
    until: end ? new Date(at(end).getTime() + 86_400_000) : undefined,
  };
}

export type ApplicationForm = ReturnType<typeof parseApplicationFields>;
type CheckForm = Pick<ApplicationForm, 'apply_type' | 'team_id'>;

const parsed = <T>(r: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }) => {
  if (!r.success) throw AppError.badRequest(r.error.issues[0]?.message);
  return r.data;
};
/** The form's fields with the rules of their kind (the class for add_students, the teacher's name and e-mail). */
export const parseApplicationFields = (values: Record<string, unknown>) => parsed(applicationFields.safeParse(values));
/** The fields a file check needs (the kind, the class). */
export const parseCheckFields = (values: Record<string, unknown>): CheckForm =>
  parsed(rosterCheckFields.safeParse(values));

/**
 * The file's name as the teacher saw it. Browsers send it raw (UTF-8) but escape a few characters
 * as %XX (a quote, line breaks), and some clients escape it whole: such escapes are undone.
 */
export function displayFileName(name: string): string {
  let shown = name;
  if (/%[0-9A-Fa-f]{2}/.test(name)) {
    try {
      shown = decodeURIComponent(name);
    } catch {
      shown = name;
    }
  }
  return shown.replace(/[\r\n"]/g, '').slice(0, 200) || 'file';
}

const invalidFile = (message: string) => new AppError(ErrorCode.APPLICATION_FILE_INVALID, message);

/** What the file is, by its name and bytes: a roster (xlsx, CSV) for the student kinds, or a PDF. */
export function classifyFile(file: UploadedFile, applyType: ApplyType): { kind: ApplyFileKind; contentType: string } {
  const name = file.filename.toLowerCase();
  if (name.endsWith('.pdf')) {
    if (!file.buffer.subarray(0, 1024).includes(Buffer.from('%PDF-'))) throw invalidFile(applyMessages.pdfUnreadable);
    return { kind: 'document', contentType: 'application/pdf' };
  }
  if (name.endsWith('.xlsx') || name.endsWith('.csv')) {
    if (!rosterKinds.includes(applyType)) throw invalidFile(applyMessages.fileTypeDocument);
    return { kind: 'roster', contentType: name.endsWith('.csv') ? 'text/csv' : XLSX_TYPE };
  }
  throw invalidFile(rosterKinds.includes(applyType) ? applyMessages.fileType : applyMessages.fileTypeDocument);
}

/** Where a roster's students go: the クラス column (new students) or the chosen class. */
export const rosterTarget = (a: {
  applyType: ApplyType;
  classId: number | null;
}): { classId: number } | { byClassColumn: true } =>
  a.applyType === 'add_students' && a.classId !== null ? { classId: a.classId } : ({ byClassColumn: true } as const);

/**
 * Check a file as it would be sent: a PDF by its signature, a roster with every rule of the class
 * import (nothing is written). `className` is the chosen class's name for add_students.
 */
export async function checkApplicationFile(
  tx: DbOrTx,
  teacher: Pick<ActingTeacher, 'id'>,
  form: CheckForm,
  file: UploadedFile,
  limiter?: RateLimiter,
) {
  const { kind } = classifyFile(file, form.apply_type);
  if (kind === 'document') return { kind, rows: [], errors: [], notices: [], className: null };
  const chosen =
    form.apply_type === 'add_students' && form.team_id !== undefined
      ? await requireOwnClass(tx, teacher, form.team_id)
      : null;
  const target = chosen ? { classId: chosen.id } : ({ byClassColumn: true } as const);
  const preview = await previewRoster(tx, teacher.id, file, target, limiter);
  return { kind, ...preview, className: chosen?.name ?? null };
}

/** Store the file (private) and the application; a roster with any error is refused whole. */
export async function submitApplication(
  tx: DbOrTx,
  storage: Storage,
  teacher: Pick<ActingTeacher, 'id'>,
  form: ApplicationForm,
  file: UploadedFile,
  limiter: RateLimiter | undefined,
  now: Date,
): Promise<ApplicationRecord> {
  if ((await pendingKinds(tx, teacher.id)).has(form.apply_type))
    throw new AppError(ErrorCode.APPLICATION_PENDING, applyMessages.alreadyPending);
  const checked = await checkApplicationFile(tx, teacher, form, file, limiter);
  if (checked.errors.length)
    throw new AppError(ErrorCode.APPLICATION_ROSTER_ERRORS, applyMessages.rosterHasErrors(checked.errors.length));
  const { contentType } = classifyFile(file, form.apply_type);
  const stored = await storeMedia(tx, storage, file.buffer, contentType, { access: 'private' });
  return onUniqueViolation(
    () =>
      insertApplication(tx, {
        teacherId: teacher.id,
        applyType: form.apply_type,
        note: form.note,
        classId: form.apply_type === 'add_students' ? (form.team_id ?? null) : null,
        gradeName: form.apply_type === 'new_students' ? (form.grade_name ?? null) : null,
        teacherName: form.apply_type === 'teacher_account' ? form.teacher_name : '',
        teacherEmail: form.apply_type === 'teacher_account' ? (form.teacher_email ?? '') : '',
        fileKey: stored.key,
        fileName: displayFileName(file.filename),
        fileKind: checked.kind,
        fileSize: file.buffer.length,
        rowCount: checked.kind === 'roster' ? checked.rows.length : null,
        createdAt: now,
      }),
    () => new AppError(ErrorCode.APPLICATION_PENDING, applyMessages.alreadyPending),
    'account_applications_pending_key',
  );
}

/** Withdraw an application of the teacher's (the policy found it) while it is 申請中. */
export async function withdrawApplication(tx: DbOrTx, application: ApplicationRecord, now: Date) {
  if (application.status !== 'pending') throw new AppError(ErrorCode.APPLICATION_NOT_PENDING, applyMessages.notPending);
  await updateApplication(tx, application.id, { status: 'withdrawn', decidedAt: now });
}

/** The school as the service knows it: accounts in use and allowed per kind. */
export async function basicInfo(db: DbOrTx, teacher: ActingTeacher, now: Date) {
  const [inUse, granted] = await Promise.all([countStudentsInUse(db, teacher.id), grantedAccounts(db, teacher.id)]);
  return {
    profile: teacher.profile,
    schoolYear: schoolYearOf(now),
    students: { inUse, allowed: applyLimits.includedAccounts.student + granted.students },
    teachers: { inUse: 1, allowed: applyLimits.includedAccounts.teacher + granted.teachers },
    pending: granted.pending,
  };
}

export const kindName = (t: ApplyType) => applyTypeNames[t];

/** The stored file's type (its key's extension is the type it was stored with). */
export function contentTypeOfApplication(a: Pick<ApplicationRecord, 'fileKey'>) {
  if (a.fileKey.endsWith('.pdf')) return 'application/pdf';
  if (a.fileKey.endsWith('.csv')) return 'text/csv; charset=utf-8';
  return XLSX_TYPE;
}
