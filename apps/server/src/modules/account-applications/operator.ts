import { applyMessages, applyStatusNames, isReasonValid, type ApplyStatus } from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { teachers } from '../../db/schema/index.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Storage } from '../../lib/storage.js';
import { findClassByName } from '../classes/index.js';
import { requireOwnClass } from '../classes/policy.js';
import { noticeApplication } from '../notices/index.js';
import { importStudents, previewRoster } from '../students/index.js';
import { kindName, rosterTarget } from './service.js';
import {
  unsafeFindApplicationForUpdate,
  unsafeListApplications,
  updateApplication,
  type ApplicationRecord,
  type ListFilter,
} from './repository.js';

/**
 * The operator's side (the admin commands, docs/account-applications.md): list, approve, send
 * back with a reason, mark done. Each decision is one transaction with the teacher's notice, so
 * the status and the notice change together; an approved roster's classes and students are made
 * in the same transaction by the class import's code, all or nothing.
 */
export class OperatorError extends Error {}

async function pendingApplication(tx: DbOrTx, id: number, wanted: ApplyStatus = 'pending') {
  const a = await unsafeFindApplicationForUpdate(tx, id);
  if (!a) throw new OperatorError(`申請 ${id} は見つかりません。`);
  if (a.status !== wanted)
    throw new OperatorError(
      `申請 ${id} は「${applyStatusNames[a.status]}」です（${applyStatusNames[wanted]}の申請だけ操作できます）。`,
    );
  return a;
}

const notify = (tx: DbOrTx, a: ApplicationRecord, status: ApplyStatus, message: string, now: Date) =>
  noticeApplication(tx, { teacherId: a.teacherId, applicationId: a.id, status, message }, now);

export interface Decision {
  application: ApplicationRecord;
  created: number;
  classNames: string[];
}

/**
 * Approve an application. A roster is imported at once (its classes and students made, the
 * application 完了); any other application becomes 承認 and is marked 完了 by `completeApplication`
 * once the operator has done the work outside the service.
 */
export async function approveApplication(
  db: Db,
  deps: { storage: Storage; box: SecretBox },
  id: number,
  now: Date,
): Promise<Decision> {
  return db.transaction(async (tx) => {
    const a = await pendingApplication(tx, id);
    if (a.fileKind !== 'roster') {
      const application = await updateApplication(tx, a.id, { status: 'approved', decidedAt: now });
      await notify(tx, a, 'approved', applyMessages.noticeApproved(kindName(a.applyType)), now);
      return { application, created: 0, classNames: [] };
    }
    if (a.applyType === 'add_students') {
      if (a.classId === null) throw new OperatorError(`申請 ${id} のクラスは削除されています。差し戻してください。`);
      await requireOwnClass(tx, { id: a.teacherId }, a.classId).catch(() => {
        throw new OperatorError(`申請 ${id} のクラスは今年度のクラスではありません。差し戻してください。`);
      });
    }
    const file = { buffer: await deps.storage.readAll(a.fileKey), filename: a.fileName };
    const target = rosterTarget(a);
    // The classes the roster names, read before the import (after it every id would be "taken").
    const preview = await previewRoster(tx, a.teacherId, file, target);
    const result = await importStudents(tx, deps.box, a.teacherId, file, target);
    if (result.errors.length) {
      const lines = result.errors.slice(0, 20).map((e) => `  ${e.row}行目 ${e.student_id}: ${e.message}`);
      throw new OperatorError(
        [`申請 ${id} の名簿にエラーがあるため、作成しませんでした（${result.errors.length}件）。`, ...lines].join('\n'),
      );
    }
    const classIds: number[] = [];
    if ('classId' in target) classIds.push(target.classId);
    else
      for (const name of new Set(preview.rows.map((r) => r.className!))) {
        const c = await findClassByName(tx, a.teacherId, name);
        if (c) classIds.push(c.id);
      }
    const application = await updateApplication(tx, a.id, {
      status: 'completed',
      decidedAt: now,
      completedAt: now,
      createdCount: result.imported,
      createdClassIds: classIds,
    });
    await notify(tx, a, 'completed', applyMessages.noticeCompleted(kindName(a.applyType), result.imported), now);
    const classNames = [...new Set(preview.rows.map((r) => r.className ?? ''))].filter(Boolean);
    return { application, created: result.imported, classNames };
  });
}

/** Send an application back (差し戻し) with the reason the teacher will read. */
export async function returnApplication(db: Db, id: number, reason: string, now: Date) {
  if (!isReasonValid(reason)) throw new OperatorError('理由を500文字以内で入力してください（絵文字は使えません）。');
  return db.transaction(async (tx) => {
    const a = await pendingApplication(tx, id);
    const application = await updateApplication(tx, a.id, {
      status: 'returned',
      reason: reason.trim(),
      decidedAt: now,
    });
    await notify(tx, a, 'returned', applyMessages.noticeReturned(kindName(a.applyType), reason.trim()), now);
    return application;
  });
}

/** 承認 → 完了: the operator has made what was approved (a teacher account, the renewal). */
export async function completeApplication(db: Db, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const a = await pendingApplication(tx, id, 'approved');
    const application = await updateApplication(tx, a.id, { status: 'completed', completedAt: now });
    await notify(tx, a, 'completed', applyMessages.noticeCompleted(kindName(a.applyType), 0), now);
    return application;
  });
}

/** Every teacher's applications for the operator, with the teacher's login id. */
export async function listApplicationsForOperator(db: DbOrTx, f: ListFilter) {
  const rows = await unsafeListApplications(db, f);
  const loginIds = new Map<number, string>();
  for (const teacherId of new Set(rows.map((r) => r.teacherId))) {
    const [t] = await db.select({ loginId: teachers.loginId }).from(teachers).where(eq(teachers.id, teacherId));
    loginIds.set(teacherId, t?.loginId ?? '?');
  }
  return rows.map((r) => ({ ...r, teacherLoginId: loginIds.get(r.teacherId)! }));
}
