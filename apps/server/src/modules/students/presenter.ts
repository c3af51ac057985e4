import type { StudentRow } from '@ondoku/contract';
import type { StudentRecord } from './student-repository.js';

/** Names every field the web app receives about a student: the hash and the sealed password never leave. */
export const presentStudent = (s: StudentRecord, teams: { team_id: number; name: string }[]): StudentRow => ({
  student_id: s.loginId,
  name: s.name,
  furigana: s.furigana,
  grade_name: s.gradeName,
  class_name: s.className,
  number: s.number,
  teams,
  has_initial_password: s.initialPasswordEnc !== null,
  password_changed_at: s.passwordChangedAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});
