import {
  batchChangeKumi,
  batchChangeGradeName,
  batchDeletion,
  batchDeletionConfirm,
  changeStudentInfo,
  changeStudentPasswordSafe,
  exportStudentsXls,
  getStudentBranchRows,
  getStudentImportTemplate,
  getStudentInfo,
  getStudentInitialPwdList,
  getStudentListByClass,
  getStudentPageRows,
  importStudentsList,
  importClassStudentsList,
  leaveClass,
  resetStudentsInfo,
  searchStudent,
  studentBatchLeave,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { blobRoute, route, uploadRoute } from '../../lib/route.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { listClasses, requireClass } from '../classes/class-repository.js';
import { importTemplateXlsx, rosterXlsx } from './export-file.js';
import { importStudents } from './import-service.js';
import { presentStudent } from './presenter.js';
import * as service from './service.js';
import {
  classesOfStudents,
  listClassStudents,
  listStudentsOfClasses,
  pageStudents,
  requireStudent,
  searchStudents,
  type StudentRecord,
} from './student-repository.js';

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

export function studentRoutes(app: FastifyInstance, deps: { db: Db; cipher: PasswordCipher; box: SecretBox }) {
  const { db, cipher, box } = deps;

  const present = async (teacherId: number, rows: StudentRecord[]) => {
    const teams = await classesOfStudents(
      db,
      teacherId,
      rows.map((s) => s.id),
    );
    return rows.map((s) => presentStudent(s, teams.get(s.id) ?? []));
  };

  route(app, getStudentPageRows, async ({ input, teacher }) => {
    if (input.team_id) await requireClass(db, teacher.id, input.team_id);
    const { rows, total } = await pageStudents(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      kw: input.kw || undefined,
      classId: input.team_id,
      sortField: input.sort_field,
      sortOrder: input.sort_order,
    });
    return { rows: await present(teacher.id, rows), total, page: input.page, limit: input.limit };
  });

  route(app, getStudentInfo, async ({ input, teacher }) => {
    const s = await requireStudent(db, teacher.id, input.student_id);
    return (await present(teacher.id, [s]))[0]!;
  });

  route(app, searchStudent, async ({ input, teacher }) => ({
    rows: input.kw ? await present(teacher.id, await searchStudents(db, teacher.id, input.kw)) : [],
  }));

  route(app, getStudentListByClass, async ({ input, teacher }) => {
    await requireClass(db, teacher.id, input.team_id);
    const rows = await listClassStudents(db, teacher.id, input.team_id);
    return {
      rows: rows.map((s) => ({ student_id: s.loginId, name: s.name, furigana: s.furigana, number: s.number })),
    };
  });

  route(app, getStudentBranchRows, async ({ input, teacher }) => {
    const list = await listClasses(db, teacher.id, { includeHidden: input.include_hidden === 1 });
    const members = await listStudentsOfClasses(
      db,
      teacher.id,
      list.map((c) => c.id),
    );
    return {
      rows: list.map((c) => ({
        team_id: c.id,
        name: c.name,
        hidden: c.hidden,
        students: members
          .filter((m) => m.classId === c.id)
          .map(({ student: s }) => ({ student_id: s.loginId, name: s.name, number: s.number })),
      })),
    };
  });

  route(app, changeStudentInfo, async ({ input, teacher }) => {
    const s = await service.changeStudentInfo(db, teacher.id, input.student_id, {
      name: input.name,
      furigana: input.furigana,
      gradeName: input.grade_name,
      className: input.class_name,
      number: input.number,
    });
    return (await present(teacher.id, [s]))[0]!;
  });

  route(app, changeStudentPasswordSafe, async ({ input, teacher }) => {
    await service.setStudentPassword(db, box, teacher.id, input.student_id, cipher.decrypt(input.password));
    return null;
  });

  route(app, leaveClass, async ({ input, teacher }) => {
    await service.leaveClass(db, teacher.id, input.student_id, input.team_id);
    return null;
  });

  route(app, studentBatchLeave, async ({ input, teacher }) => ({
    count: await service.batchLeaveClass(db, teacher.id, input.team_id, input.student_ids),
  }));

  route(app, batchChangeGradeName, async ({ input, teacher }) => ({
    count: await service.batchSetField(db, teacher.id, input.student_ids, { gradeName: input.grade_name }),
  }));

  route(app, batchChangeKumi, async ({ input, teacher }) => ({
    count: await service.batchSetField(db, teacher.id, input.student_ids, { className: input.class_name }),
  }));

  route(app, batchDeletionConfirm, async ({ input, teacher }) =>
    service.deletionSummary(db, teacher.id, input.team_id),
  );

  route(app, batchDeletion, async ({ input, teacher }) => ({
    count: await service.batchDeleteClassStudents(db, teacher.id, input.team_id, input.student_count),
  }));

  route(app, resetStudentsInfo, async ({ input, teacher }) => ({
    count: await service.reissueInitialPasswords(db, box, teacher.id, input.student_ids),
  }));

  route(app, getStudentInitialPwdList, async ({ input, teacher }) =>
    service.initialPasswordCards(db, box, teacher.id, input.team_id, input.student_ids),
  );

  blobRoute(app, exportStudentsXls, async ({ input, teacher }) => {
    const c = input.team_id ? await requireClass(db, teacher.id, input.team_id) : null;
    const rows = c
      ? await listClassStudents(db, teacher.id, c.id)
      : (await pageStudents(db, teacher.id, { page: 1, limit: 100_000, sortField: 'number', sortOrder: 'asc' })).rows;
    const teams = await classesOfStudents(
      db,
      teacher.id,
      rows.map((s) => s.id),
    );
    const body = await rosterXlsx(rows.map((s) => ({ student: s, teams: (teams.get(s.id) ?? []).map((t) => t.name) })));
    return { filename: `生徒一覧_${c ? c.name : '全員'}_${today()}.xlsx`, body };
  });

  blobRoute(app, getStudentImportTemplate, async ({ input }) => ({
    filename: input.with_team ? '生徒取り込みテンプレート_クラス指定.xlsx' : '生徒取り込みテンプレート.xlsx',
    body: await importTemplateXlsx(input.with_team === 1),
  }));

  uploadRoute(app, importClassStudentsList, async ({ input, teacher, file }) => {
    await requireClass(db, teacher.id, input.team_id);
    return importStudents(db, box, teacher.id, file, { classId: input.team_id });
  });

  uploadRoute(app, importStudentsList, async ({ teacher, file }) =>
    importStudents(db, box, teacher.id, file, { byTeamColumn: true }),
  );
}
