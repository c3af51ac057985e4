import type { ImportResult, InitialPasswordRow, StudentRow } from '@ondoku/contract';
import type { ClassWithCount } from '../classes/index.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { studentCardKey, type CardSecret } from './card-key.js';
import type { StudentRecord } from './student-repository.js';

/** A class a student belongs to, as lists of students show it. */
export interface ClassRef {
  classId: number;
  name: string;
}

/** The register fields every student reply shares. */
const presentProfile = (s: StudentRecord) => ({
  student_id: s.loginId,
  name: s.name,
  furigana: s.furigana,
  grade_name: s.gradeName,
  class_name: s.kumi,
  number: s.number,
});

/** Names every field the web app receives about a student: the hash and the sealed password never leave. */
export const presentStudent = (s: StudentRecord, classes: ClassRef[]): StudentRow => ({
  ...presentProfile(s),
  teams: classes.map((c) => ({ team_id: c.classId, name: c.name })),
  has_initial_password: s.initialPasswordEnc !== null,
  password_changed_at: s.passwordChangedAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});

/** A student in a short list (a class's members). */
export const presentStudentBrief = (s: StudentRecord) => ({ student_id: s.loginId, name: s.name, number: s.number });

/**
 * A login card: the initial password opened only here, for printing, and the key of the card's
 * sign-in QR code (modules/learn; it stops working when the password is reset).
 */
export const presentLoginCard = (s: StudentRecord, box: SecretBox, cards: CardSecret): InitialPasswordRow => ({
  ...presentProfile(s),
  initial_password: s.initialPasswordEnc ? box.open(s.initialPasswordEnc) : null,
  card_key: studentCardKey(cards, s),
});

export const presentImportResult = (r: {
  imported: number;
  errors: ImportResult['errors'];
  notices: ImportResult['notices'];
  createdClasses: string[];
}): ImportResult => ({
  imported: r.imported,
  errors: r.errors.map((e) => ({ row: e.row, student_id: e.student_id, message: e.message })),
  notices: r.notices.map((e) => ({ row: e.row, student_id: e.student_id, message: e.message })),
  created_teams: r.createdClasses,
});

export const presentCount = (count: number) => ({ count });

/** What batch deletion of a class would delete. */
export const presentDeletionSummary = (r: { class: ClassWithCount; inOtherClassesCount: number }) => ({
  team_id: r.class.id,
  name: r.class.name,
  student_count: r.class.studentCount,
  in_other_teams_count: r.inOtherClassesCount,
});

/** A login card of a student listed by id: the class it names (クラス未所属 when none). */
export const presentLoginCardWithClass = (
  s: StudentRecord,
  className: string | null,
  box: SecretBox,
  cards: CardSecret,
) => ({
  ...presentLoginCard(s, box, cards),
  team_name: className ?? 'クラス未所属',
});

export const presentLoginCards = (
  r: { class: ClassWithCount; students: StudentRecord[] },
  box: SecretBox,
  cards: CardSecret,
) => ({
  team: { team_id: r.class.id, name: r.class.name, code: r.class.code },
  rows: r.students.map((s) => presentLoginCard(s, box, cards)),
});

/** A class with its members, for the class/student tree. */
export const presentClassBranch = (c: ClassWithCount, members: StudentRecord[]) => ({
  team_id: c.id,
  name: c.name,
  hidden: c.hidden,
  students: members.map(presentStudentBrief),
});

/** A listed student with their classes. */
export const presentStudentRow = (r: { student: StudentRecord; classes: ClassRef[] }) =>
  presentStudent(r.student, r.classes);

/** A graduate: a listed student with the time they left. */
export const presentGraduateRow = (r: { student: StudentRecord; classes: ClassRef[] }) => ({
  ...presentStudent(r.student, r.classes),
  archived_at: r.student.archivedAt!.toISOString(),
});
