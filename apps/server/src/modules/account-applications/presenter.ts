import {
  applyLimits,
  applyStatuses,
  applyStatusNames,
  applyTypeNames,
  applyTypes,
  applyUpload,
  rosterKinds,
  type ApplicationRow,
  type ApplyType,
  type ImportError,
} from '@ondoku/contract';
import type { RosterRow } from '../students/index.js';
import type { ApplicationRecord } from './repository.js';
import type { basicInfo } from './service.js';

/** Names every field the web app receives about account applications. */
export const presentApplication = (a: ApplicationRecord, classNames: Map<number, string>): ApplicationRow => ({
  id: a.id,
  apply_type: a.applyType,
  apply_status: a.status,
  created_at: a.createdAt.toISOString(),
  file_name: a.fileName,
  file_kind: a.fileKind,
  file_size: a.fileSize,
  row_count: a.rowCount,
  note: a.note,
  team_id: a.classId,
  team_name: a.classId === null ? null : (classNames.get(a.classId) ?? null),
  grade_name: a.gradeName,
  teacher_name: a.teacherName,
  teacher_email: a.teacherEmail,
  reason: a.reason,
  decided_at: a.decidedAt?.toISOString() ?? null,
  completed_at: a.completedAt?.toISOString() ?? null,
  created_count: a.createdCount,
  created_teams: a.createdClassIds.flatMap((id) => {
    const name = classNames.get(id);
    return name === undefined ? [] : [{ team_id: id, name }];
  }),
});

export const presentApplicationPage = (
  page: { rows: ApplicationRecord[]; total: number },
  classNames: Map<number, string>,
  q: { page: number; limit: number },
) => ({
  rows: page.rows.map((r) => presentApplication(r, classNames)),
  total: page.total,
  page: q.page,
  limit: q.limit,
});

export const presentApplicationId = (a: ApplicationRecord) => ({ id: a.id });

export const presentBasicInfo = (info: Awaited<ReturnType<typeof basicInfo>>) => ({
  school_name: info.profile.school ?? '',
  teacher_name: info.profile.nickname,
  login_id: info.profile.loginId,
  school_year: info.schoolYear,
  accounts: [
    { kind: 'student' as const, name: '生徒アカウント', in_use: info.students.inUse, allowed: info.students.allowed },
    { kind: 'teacher' as const, name: '教師アカウント', in_use: info.teachers.inUse, allowed: info.teachers.allowed },
  ],
  pending_count: info.pending,
});

export const presentSelectData = (
  pending: Set<ApplyType>,
  classes: { id: number; name: string }[],
  schoolYear: number,
) => ({
  apply_types: applyTypes.map((t) => {
    const roster = rosterKinds.includes(t);
    return {
      apply_type: t,
      name: applyTypeNames[t],
      file_kinds: roster ? (['roster', 'document'] as const).slice() : (['document'] as const).slice(),
      extensions: roster ? [...applyUpload.extensions] : ['.pdf'],
      max_bytes: applyLimits.maxBytes,
      max_rows: roster ? applyLimits.maxRows : 0,
      pending: pending.has(t),
    };
  }),
  apply_statuses: applyStatuses.map((s) => ({ apply_status: s, name: applyStatusNames[s] })),
  grades: [...applyLimits.gradeNames],
  teams: classes.map((c) => ({ team_id: c.id, name: c.name })),
  school_year: schoolYear,
});

export const presentRosterCheck = (c: {
  kind: 'roster' | 'document';
  rows: RosterRow[];
  errors: ImportError[];
  notices: ImportError[];
  className: string | null;
}) => ({
  file_kind: c.kind,
  rows: c.rows.map((r) => ({
    row: r.row,
    student_id: r.student.loginId,
    name: r.student.name,
    furigana: r.student.furigana ?? '',
    grade_name: r.student.gradeName ?? '',
    class_name: r.student.kumi ?? '',
    number: r.student.number ?? null,
    team_name: c.className ?? r.className ?? '',
    has_password: Boolean(r.student.password),
  })),
  errors: c.errors,
  notices: c.notices,
});
