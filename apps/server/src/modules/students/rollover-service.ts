import {
  classNameField,
  ErrorCode,
  studentLimits,
  studentMessages,
  yearMessages,
  type ImportError,
  type RolloverPlan,
  type RolloverReport,
} from '@ondoku/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classes, classStudents, students, yearRollovers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createClasses, listClasses, type ClassWithCount } from '../classes/index.js';
import { requireOwnClasses } from '../classes/policy.js';
import { readSheet } from './import-file.js';
import { findStudents, listStudentsOfClasses, type StudentRecord } from './student-repository.js';

/**
 * The April roll-over (年度更新, docs/classes.md): one plan, computed the same way for the preview
 * (nothing written) and inside the commit's transaction (all or nothing).
 */

export interface RolloverRequest {
  plans: RolloverPlan[];
  advance_grades: boolean;
  assignments: { student_id: string; team_name: string }[];
}

/** 「N年」 (full-width digits too, 「N年生」 as well) → N; anything else is not a grade we advance. */
export function gradeNumber(gradeName: string): number | null {
  const m = /^([1-6])年生?$/.exec(gradeName.normalize('NFKC').trim());
  return m ? Number(m[1]) : null;
}

/** The next 学年, or 'graduate' for 6年. Free-text grades stay as they are. */
export function nextGrade(gradeName: string): string | 'graduate' {
  const n = gradeNumber(gradeName);
  if (n === null) return gradeName;
  return n >= 6 ? 'graduate' : `${n + 1}年`;
}

interface Computed {
  report: RolloverReport;
  /** Classes that end with this year. */
  archiveIds: number[];
  /** New class names to create (in this order). */
  newNames: string[];
  /** Memberships to add: student id → target (an existing class id or a new name). */
  joins: { studentId: number; classId?: number; newName?: string }[];
  gradeChanges: { studentId: number; gradeName: string }[];
  graduateIds: number[];
}

const listIds = (ids: string[]) =>
  ids.length > 10 ? `${ids.slice(0, 10).join('、')} ほか${ids.length - 10}人` : ids.join('、');

/**
 * Compute every change of the roll-over. Another teacher's (or a deleted, or last year's) class
 * id anywhere in the plan refuses the whole call (403); every other problem is an entry of
 * `report.errors` in Japanese.
 */
export async function computeRollover(db: DbOrTx, teacherId: number, req: RolloverRequest): Promise<Computed> {
  const acting = { id: teacherId };
  const mentioned = req.plans.flatMap((p) => [
    p.team_id,
    ...(p.action === 'next' && p.next_team_id ? [p.next_team_id] : []),
  ]);
  await requireOwnClasses(db, acting, mentioned);
  const all = await listClasses(db, teacherId);
  const byId = new Map(all.map((c) => [c.id, c]));
  const planOf = new Map<number, RolloverPlan>();
  for (const p of req.plans) planOf.set(p.team_id, p);
  const actionOf = (c: ClassWithCount) => planOf.get(c.id)?.action ?? 'keep';
  const kept = all.filter((c) => actionOf(c) === 'keep');
  const ending = all.filter((c) => actionOf(c) !== 'keep');
  const keptByName = new Map(kept.map((c) => [c.name, c]));
  const errors: string[] = [];

  // Where each ending class's children go: a kept class id or a new class name.
  type Target = { classId: number; name: string } | { newName: string; name: string };
  const targetByName = (name: string): Target => {
    const k = keptByName.get(name);
    return k ? { classId: k.id, name } : { newName: name, name };
  };
  const nextOf = new Map<number, Target>();
  for (const c of ending) {
    const p = planOf.get(c.id)!;
    if (p.action !== 'next') continue;
    if (p.next_team_id) {
      const target = byId.get(p.next_team_id)!;
      if (actionOf(target) !== 'keep') errors.push(yearMessages.rolloverNextArchived(c.name));
      else nextOf.set(c.id, { classId: target.id, name: target.name });
    } else if (p.name) nextOf.set(c.id, targetByName(p.name));
    else errors.push(yearMessages.rolloverNextRequired(c.name));
  }

  // The roster of split classes: login id → new class name; every id must be the teacher's.
  const roster = new Map<string, string>();
  for (const a of req.assignments) roster.set(a.student_id.normalize('NFKC').toLowerCase(), a.team_name);
  if (roster.size > 0) {
    const found = await findStudents(db, teacherId, [...roster.keys()]);
    const known = new Set(found.filter((s) => !s.archivedAt).map((s) => s.loginId.toLowerCase()));
    const unknown = req.assignments
      .map((a) => a.student_id)
      .filter((id) => !known.has(id.normalize('NFKC').toLowerCase()));
    if (unknown.length) errors.push(yearMessages.rolloverUnknownStudents(listIds([...new Set(unknown)])));
  }

  const members = await listStudentsOfClasses(
    db,
    teacherId,
    all.map((c) => c.id),
  );
  const studentsById = new Map<number, StudentRecord>();
  const classesOf = new Map<number, number[]>();
  for (const m of members) {
    studentsById.set(m.student.id, m.student);
    classesOf.set(m.student.id, [...(classesOf.get(m.student.id) ?? []), m.classId]);
  }

  // Who graduates: 6年 when grades advance, and every child of a class marked graduate.
  const graduating = new Set<number>();
  for (const [id, list] of classesOf) {
    const s = studentsById.get(id)!;
    if (req.advance_grades && nextGrade(s.gradeName) === 'graduate') graduating.add(id);
    if (list.some((cid) => actionOf(byId.get(cid)!) === 'graduate')) graduating.add(id);
  }

  const moves: RolloverReport['moves'] = [];
  const joins: Computed['joins'] = [];
  const newNames: string[] = [];
  const addNew = (name: string) => {
    if (!newNames.includes(name)) newNames.push(name);
  };
  const gradeTo = (s: StudentRecord) => {
    if (!req.advance_grades) return s.gradeName;
    const g = nextGrade(s.gradeName);
    return g === 'graduate' ? s.gradeName : g;
  };
  for (const c of all) {
    const action = actionOf(c);
    const inClass = members.filter((m) => m.classId === c.id && !graduating.has(m.student.id)).map((m) => m.student);
    if (action === 'graduate') continue;
    if (action === 'split' && roster.size === 0) {
      errors.push(yearMessages.rolloverNoRoster(c.name));
      continue;
    }
    const missing: string[] = [];
    for (const s of inClass) {
      let target: Target;
      if (action === 'keep') target = { classId: c.id, name: c.name };
      else if (action === 'next') {
        const t = nextOf.get(c.id);
        if (!t) break;
        target = t;
      } else {
        const name = roster.get(s.loginId.toLowerCase());
        if (!name) {
          missing.push(s.loginId);
          continue;
        }
        target = targetByName(name);
      }
      if ('newName' in target) {
        addNew(target.newName);
        joins.push({ studentId: s.id, newName: target.newName });
      } else if (target.classId !== c.id) joins.push({ studentId: s.id, classId: target.classId });
      moves.push({
        student_id: s.loginId,
        name: s.name,
        from_team: c.name,
        to_team: target.name,
        grade_from: s.gradeName,
        grade_to: gradeTo(s),
      });
    }
    if (missing.length) errors.push(yearMessages.rolloverNotInRoster(c.name, listIds(missing)));
  }
  for (const name of newNames) {
    const r = classNameField.safeParse(name);
    if (!r.success) errors.push(`「${name}」：${r.error.issues[0]?.message ?? ''}`);
  }

  const gradeChanges: Computed['gradeChanges'] = [];
  if (req.advance_grades) {
    for (const s of studentsById.values()) {
      if (graduating.has(s.id)) continue;
      const g = gradeTo(s);
      if (g !== s.gradeName) gradeChanges.push({ studentId: s.id, gradeName: g });
    }
  }
  // The class a graduate leaves from: the one marked graduate, else their first in the teacher's
  // order of classes (never the order rows happened to come back in).
  const position = new Map(all.map((c, i) => [c.id, i]));
  const firstClassName = (id: number) => {
    const list = [...classesOf.get(id)!].sort((a, b) => position.get(a)! - position.get(b)!);
    const from = list.find((cid) => actionOf(byId.get(cid)!) === 'graduate') ?? list[0]!;
    return byId.get(from)!.name;
  };
  const graduates = [...graduating].map((id) => {
    const s = studentsById.get(id)!;
    return { student_id: s.loginId, name: s.name, from_team: firstClassName(id), grade_name: s.gradeName };
  });
  const ref = (c: ClassWithCount) => ({ team_id: c.id, name: c.name });
  return {
    report: {
      errors,
      created_teams: newNames,
      archived_teams: ending.map(ref),
      kept_teams: kept.map(ref),
      moves,
      graduates,
      committed_at: null,
      rollover_id: null,
    },
    archiveIds: ending.map((c) => c.id),
    newNames,
    joins,
    gradeChanges,
    graduateIds: [...graduating],
  };
}

/** The preview: every change, nothing written. */
export async function previewRollover(db: DbOrTx, teacherId: number, req: RolloverRequest) {
  return (await computeRollover(db, teacherId, req)).report;
}

/**
 * The commit, in the call's transaction: the plan is computed again on the current data; any
 * problem refuses everything. Then last year's classes are archived (read-only, hidden; their
 * memberships stay as the record), the new classes are created, the children join their next
 * class, 学年 advance, and graduates are archived (accounts closed, results kept).
 */
export async function commitRollover(tx: DbOrTx, teacherId: number, req: RolloverRequest): Promise<RolloverReport> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ondoku:rollover'), ${teacherId}::int)`);
  const plan = await computeRollover(tx, teacherId, req);
  const { errors } = plan.report;
  if (errors.length)
    throw new AppError(
      ErrorCode.ROLLOVER_INVALID,
      errors.length === 1 ? errors[0]! : yearMessages.rolloverInvalid(errors.length),
    );
  const now = new Date();
  if (plan.archiveIds.length)
    await tx
      .update(classes)
      .set({ archivedAt: now, updatedAt: now })
      .where(and(eq(classes.teacherId, teacherId), inArray(classes.id, plan.archiveIds), isNull(classes.deletedAt)));
  const created = await createClasses(tx, teacherId, plan.newNames);
  const memberships = plan.joins.map((j) => ({
    classId: j.classId ?? created.get(j.newName!)!,
    studentId: j.studentId,
  }));
  for (let i = 0; i < memberships.length; i += 1000)
    await tx
      .insert(classStudents)
      .values(memberships.slice(i, i + 1000))
      .onConflictDoNothing();
  if (plan.gradeChanges.length)
    await tx.execute(sql`
      update ${students} set grade_name = u.grade, updated_at = now()
      from unnest(${sql.param(plan.gradeChanges.map((g) => g.studentId))}::int[], ${sql.param(plan.gradeChanges.map((g) => g.gradeName))}::text[]) as u(id, grade)
      where ${students.id} = u.id and ${students.teacherId} = ${teacherId}`);
  if (plan.graduateIds.length)
    await tx
      .update(students)
      .set({ archivedAt: now, updatedAt: now })
      .where(and(eq(students.teacherId, teacherId), inArray(students.id, plan.graduateIds)));
  // The record of this roll-over, for the report's download (year-rollover-report-xls).
  const { created_teams, archived_teams, kept_teams, moves, graduates } = plan.report;
  const [record] = await tx
    .insert(yearRollovers)
    .values({
      teacherId,
      report: { errors, created_teams, archived_teams, kept_teams, moves, graduates },
      committedAt: now,
    })
    .returning({ id: yearRollovers.id });
  return { ...plan.report, committed_at: now.toISOString(), rollover_id: record!.id };
}

/** The teacher's committed roll-overs, newest first, with their counts. */
export async function listRollovers(db: DbOrTx, teacherId: number) {
  const rows = await db
    .select()
    .from(yearRollovers)
    .where(eq(yearRollovers.teacherId, teacherId))
    .orderBy(desc(yearRollovers.committedAt), desc(yearRollovers.id));
  return rows.map((r) => ({
    rollover_id: r.id,
    committed_at: r.committedAt.toISOString(),
    moved_count: r.report.moves.length,
    graduate_count: r.report.graduates.length,
    created_count: r.report.created_teams.length,
    archived_count: r.report.archived_teams.length,
  }));
}

/** One of the teacher's roll-overs, or undefined (another teacher's is the same as none). */
export async function findRollover(db: DbOrTx, teacherId: number, id: number) {
  const [row] = await db
    .select()
    .from(yearRollovers)
    .where(and(eq(yearRollovers.teacherId, teacherId), eq(yearRollovers.id, id)));
  return row;
}

// ── The roster of split classes ─────────────────────────────────────────────────────────────

const idHeaders = ['生徒id', 'id', 'ログインid', 'ユーザーid', 'student_id'];
const classHeaders = ['新しいクラス', '新クラス', '次のクラス', '新年度クラス', 'クラス', 'team'];
const normalizeHeader = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\s\u3000*＊※]/g, '')
    .toLowerCase();

/**
 * Read a roster that splits classes: a 生徒ID column and a 新しいクラス column (by header name).
 * The file rules of imports apply (xlsx or CSV, 5 MB, zip-bomb guard, 3,000 rows). Writes nothing.
 */
export async function readRolloverRoster(file: { buffer: Buffer; filename: string }) {
  const sheet = await readSheet(file.buffer, file.filename);
  const rows = sheet.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...data] = rows;
  if (!header || data.length === 0) throw new AppError(ErrorCode.IMPORT_FILE_INVALID, studentMessages.fileEmpty);
  if (data.length > studentLimits.import.maxRows)
    throw new AppError(ErrorCode.IMPORT_FILE_INVALID, studentMessages.fileTooManyRows);
  const heads = header.cells.map(normalizeHeader);
  const idCol = heads.findIndex((h) => idHeaders.includes(h));
  const classCol = classHeaders.map((c) => heads.indexOf(normalizeHeader(c))).find((i) => i >= 0) ?? -1;
  if (idCol < 0 || classCol < 0) throw new AppError(ErrorCode.IMPORT_FILE_INVALID, yearMessages.rosterMissingColumns);
  const assignments: { student_id: string; team_name: string }[] = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  for (const r of data) {
    const id = (r.cells[idCol] ?? '').normalize('NFKC').trim();
    const name = classNameField.safeParse(r.cells[classCol] ?? '');
    if (!id) errors.push({ row: r.row, student_id: '', message: studentMessages.studentIdRequired });
    else if (seen.has(id.toLowerCase()))
      errors.push({
        row: r.row,
        student_id: id,
        message: studentMessages.rowDuplicateInFile(id, seen.get(id.toLowerCase())!),
      });
    else {
      seen.set(id.toLowerCase(), r.row);
      if (!name.success)
        errors.push({ row: r.row, student_id: id, message: `新しいクラス：${name.error.issues[0]?.message ?? ''}` });
      else assignments.push({ student_id: id, team_name: name.data });
    }
  }
  return { assignments: errors.length ? [] : assignments, errors };
}
