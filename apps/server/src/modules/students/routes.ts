import {
  ErrorCode,
  schoolDateStamp,
  messages,
  batchChangeGradeName,
  batchChangeKumi,
  batchDeletion,
  batchDeletionConfirm,
  changeStudentInfo,
  changeStudentPasswordSafe,
  exportStudentsXls,
  getStudentBranchRows,
  getStudentImportTemplate,
  getStudentInfo,
  getStudentInitialPwdList,
  getStudentPageRows,
  importClassStudentsList,
  importStudentsList,
  leaveClass,
  resetStudentsInfo,
  searchStudent,
  studentBatchLeave,
  studentLimits,
  studentMessages,
  commitRollover,
  exportGraduatesXls,
  exportRolloverReportXls,
  getRolloverRows,
  getGraduatePageRows,
  getStudentsLoginCards,
  getUnassignedStudentPageRows,
  previewRollover,
  readRolloverRoster,
  studentBatchAdd,
  studentBatchDelete,
  studentBatchMove,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { presentPage, presentRows } from '../../lib/present.js';
import { blobRoute, route, uploadRoute } from '../../lib/route.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { listClasses, rosterReadCache } from '../classes/index.js';
import { requireOwnClass } from '../classes/policy.js';
import { importTemplateXlsx, rosterXlsx } from './export-file.js';
import { importStudents } from './import-service.js';
import { requireOwnRollover, requireOwnStudent } from './policy.js';
import {
  presentClassBranch,
  presentCount,
  presentDeletionSummary,
  presentImportResult,
  presentLoginCardWithClass,
  presentLoginCards,
  presentGraduateRow,
  presentStudent,
  presentStudentRow,
} from './presenter.js';
import { rolloverReportFileName, rolloverReportXlsx } from './rollover-report-file.js';
import * as rollover from './rollover-service.js';
import * as service from './service.js';
import {
  classesOfStudents,
  countExportRows,
  exportRowPages,
  type ExportRowsQuery,
  listStudentsOfClasses,
  pageStudents,
  searchStudents,
  type StudentRecord,
} from './student-repository.js';

/** The school's date (Asia/Tokyo) for file names. */
const today = () => schoolDateStamp();

/** Students of the teacher with the classes each belongs to, presented. */
async function presentStudents(db: DbOrTx, teacherId: number, rows: StudentRecord[]) {
  const classes = await classesOfStudents(
    db,
    teacherId,
    rows.map((s) => s.id),
  );
  return rows.map((s) => presentStudent(s, classes.get(s.id) ?? []));
}

/** The student calls: lists, profile changes, bulk actions, imports and exports (docs/classes.md). */
export function studentRoutes(
  app: FastifyInstance,
  deps: { db: Db; cipher: PasswordCipher; box: SecretBox; limiter: RateLimiter; clock: Clock },
) {
  const { db, cipher, box, limiter } = deps;
  const cache = rosterReadCache(deps.clock);
  /** Imports per teacher are limited (existence probes, docs/security.md); counted before the file is parsed. */
  const countImport = async (teacherId: number) => {
    if ((await limiter.hit(rateLimits.importsOfTeacher(teacherId))).over) {
      throw new AppError(ErrorCode.RATE_LIMITED, messages.rateLimited);
    }
  };

  route(app, getStudentPageRows, { cache }, async ({ input, teacher }) => {
    if (input.team_id) await requireOwnClass(db, teacher, input.team_id, { readOnly: true });
    const { rows, total } = await pageStudents(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      kw: input.kw || undefined,
      classId: input.team_id,
      sortField: input.sort_field,
      sortOrder: input.sort_order,
    });
    return presentPage(rows.map(presentStudentRow), total, input);
  });

  route(app, getStudentInfo, async ({ input, teacher }) => {
    const s = await requireOwnStudent(db, teacher, input.student_id);
    return (await presentStudents(db, teacher.id, [s]))[0]!;
  });

  route(app, searchStudent, { cache }, async ({ input, teacher }) =>
    presentRows(input.kw ? (await searchStudents(db, teacher.id, input.kw)).map(presentStudentRow) : []),
  );

  route(app, getStudentBranchRows, async ({ input, teacher }) => {
    const list = await listClasses(db, teacher.id, { includeHidden: input.include_hidden === 1 });
    const members = await listStudentsOfClasses(
      db,
      teacher.id,
      list.map((c) => c.id),
    );
    return presentRows(
      list.map((c) =>
        presentClassBranch(
          c,
          members.filter((m) => m.classId === c.id).map((m) => m.student),
        ),
      ),
    );
  });

  route(app, changeStudentInfo, async ({ input, teacher }) => {
    const s = await service.changeStudentInfo(db, teacher.id, input.student_id, {
      name: input.name,
      furigana: input.furigana,
      gradeName: input.grade_name,
      kumi: input.class_name,
      number: input.number,
    });
    return (await presentStudents(db, teacher.id, [s]))[0]!;
  });

  route(app, changeStudentPasswordSafe, async ({ input, teacher }) => {
    await service.setStudentPassword(db, box, teacher.id, input.student_id, cipher.decrypt(input.password));
    return null;
  });

  route(app, leaveClass, async ({ input, teacher }) => {
    await service.leaveClass(db, teacher.id, input.student_id, input.team_id);
    return null;
  });

  route(app, studentBatchLeave, async ({ input, teacher }) =>
    presentCount(await service.batchLeaveClass(db, teacher.id, input.team_id, input.student_ids)),
  );

  route(app, batchChangeGradeName, async ({ input, teacher }) =>
    presentCount(await service.batchSetField(db, teacher.id, input.student_ids, { gradeName: input.grade_name })),
  );

  route(app, batchChangeKumi, async ({ input, teacher }) =>
    presentCount(await service.batchSetField(db, teacher.id, input.student_ids, { kumi: input.class_name })),
  );

  route(app, batchDeletionConfirm, async ({ input, teacher }) =>
    presentDeletionSummary(await service.deletionSummary(db, teacher.id, input.team_id)),
  );

  route(app, batchDeletion, { transaction: true }, async ({ input, teacher, tx }) =>
    presentCount(await service.batchDeleteClassStudents(tx, teacher.id, input.team_id, input.student_count)),
  );

  route(app, resetStudentsInfo, async ({ input, teacher }) =>
    presentCount(await service.reissueInitialPasswords(db, box, teacher.id, input.student_ids)),
  );

  route(app, getStudentInitialPwdList, async ({ input, teacher }) =>
    presentLoginCards(
      await service.initialPasswordCards(db, teacher.id, input.team_id, input.student_ids),
      box,
      cipher,
    ),
  );

  /**
   * The roster (or the graduates' list) as xlsx, read in the route's snapshot (`{ transaction:
   * 'repeatable read' }`): counted against the cap first, then read page by page while it is
   * written, each page's issued passwords decrypted as it comes, so the event loop is never held
   * by thousands of rows at once (docs/benchmarks.md, "The student export and the event loop").
   */
  const rosterFile = async (tx: DbOrTx, teacherId: number, q: ExportRowsQuery) => {
    if ((await countExportRows(tx, teacherId, q)) > studentLimits.export.maxRows)
      throw AppError.badRequest(studentMessages.exportTooManyRows);
    return rosterXlsx(withInitialPasswords(exportRowPages(tx, teacherId, q)));
  };
  /** The roster's password column: the initial password while it is still valid (else 変更済み). */
  async function* withInitialPasswords(pages: AsyncIterable<{ student: StudentRecord; classNames: string[] }[]>) {
    for await (const page of pages)
      yield page.map((r) => ({
        ...r,
        initialPassword: r.student.initialPasswordEnc ? box.open(r.student.initialPasswordEnc) : null,
      }));
  }

  blobRoute(app, exportStudentsXls, { transaction: 'repeatable read' }, async ({ input, teacher, tx }) => {
    const c = input.team_id ? await requireOwnClass(tx, teacher, input.team_id, { readOnly: true }) : null;
    const body = await rosterFile(tx, teacher.id, { classId: c?.id });
    return { filename: `生徒一覧_${c ? c.name : '全員'}_${today()}.xlsx`, body };
  });

  blobRoute(app, getStudentImportTemplate, async ({ input }) => ({
    filename: input.with_team ? '生徒取り込みテンプレート_クラス指定.xlsx' : '生徒取り込みテンプレート.xlsx',
    body: await importTemplateXlsx(input.with_team === 1),
  }));

  uploadRoute(app, importClassStudentsList, { transaction: true }, async ({ input, teacher, file, tx }) => {
    await requireOwnClass(tx, teacher, input.team_id);
    await countImport(teacher.id);
    return presentImportResult(await importStudents(tx, box, teacher.id, file, { classId: input.team_id }, limiter));
  });

  uploadRoute(app, importStudentsList, { transaction: true }, async ({ teacher, file, tx }) => {
    await countImport(teacher.id);
    return presentImportResult(await importStudents(tx, box, teacher.id, file, { byClassColumn: true }, limiter));
  });

  // ── Moving and adding, クラス未所属, graduates, the April roll-over (docs/classes.md, "A school year") ─────────────

  route(app, studentBatchAdd, async ({ input, teacher }) =>
    presentCount(await service.batchAddToClass(db, teacher.id, input.team_id, input.student_ids)),
  );

  route(app, studentBatchMove, { transaction: true }, async ({ input, teacher, tx }) =>
    presentCount(await service.batchMoveToClass(tx, teacher.id, input.from_team_id, input.team_id, input.student_ids)),
  );

  route(app, studentBatchDelete, async ({ input, teacher }) =>
    presentCount(await service.batchDeleteStudents(db, teacher.id, input.student_ids)),
  );

  route(app, getUnassignedStudentPageRows, async ({ input, teacher }) => {
    const { rows, total } = await pageStudents(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      kw: input.kw || undefined,
      unassigned: true,
      sortField: 'number',
      sortOrder: 'asc',
    });
    return presentPage(rows.map(presentStudentRow), total, input);
  });

  route(app, getGraduatePageRows, async ({ input, teacher }) => {
    const { rows, total } = await pageStudents(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      kw: input.kw || undefined,
      graduates: true,
      sortField: 'grade_name',
      sortOrder: 'asc',
    });
    return presentPage(rows.map(presentGraduateRow), total, input);
  });

  route(app, getStudentsLoginCards, async ({ input, teacher }) =>
    presentRows(
      (await service.loginCardsOfStudents(db, teacher.id, input.student_ids)).map((r) =>
        presentLoginCardWithClass(r.student, r.className, box, cipher),
      ),
    ),
  );

  blobRoute(app, exportGraduatesXls, { transaction: 'repeatable read' }, async ({ teacher, tx }) => {
    return { filename: `卒業生一覧_${today()}.xlsx`, body: await rosterFile(tx, teacher.id, { graduates: true }) };
  });

  route(app, previewRollover, async ({ input, teacher }) => rollover.previewRollover(db, teacher.id, input));

  route(app, commitRollover, { transaction: true }, async ({ input, teacher, tx }) =>
    rollover.commitRollover(tx, teacher.id, input),
  );

  uploadRoute(app, readRolloverRoster, async ({ file }) => rollover.readRolloverRoster(file));

  route(app, getRolloverRows, async ({ teacher }) => presentRows(await rollover.listRollovers(db, teacher.id)));

  blobRoute(app, exportRolloverReportXls, async ({ input, teacher }) => {
    const record = await requireOwnRollover(db, teacher, input.rollover_id);
    return {
      filename: rolloverReportFileName(record.committedAt),
      body: await rolloverReportXlsx(record.report, record.committedAt),
    };
  });
}
