import { parseArgs } from 'node:util';
import { applyStatuses, applyStatusNames, applyTypeNames, type ApplyStatus } from '@ondoku/contract';
import type { Config } from '../config.js';
import { storageFromConfig } from '../lib/storage-from-config.js';
import {
  approveApplication,
  completeApplication,
  listApplicationsForOperator,
  OperatorError,
  returnApplication,
} from '../modules/account-applications/index.js';
import { openRuntime } from '../runtime.js';

/**
 * The operator's commands for account applications (docs/account-applications.md), dispatched by
 * admin.ts: list, approve, send back with a reason, mark done.
 */
export const applicationCommands = [
  'application-list',
  'application-approve',
  'application-return',
  'application-complete',
];

export const applicationUsage = `  application-list [--status pending|approved|returned|completed|withdrawn]
                                          アカウント申請の一覧（既定は申請中）
  application-approve ID                  申請を承認します（名簿の申請はクラスと生徒アカウントを作成して完了にします）
  application-return ID --reason 理由     申請を差し戻します（理由は先生に表示されます）
  application-complete ID                 承認済みの申請を完了にします（教師アカウントの発行などが済んだとき）`;

const when = (d: Date | null) => (d ? d.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }) : '');

export async function runApplicationCommand(config: Config, argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { status: { type: 'string' }, reason: { type: 'string' } },
  });
  const [command, arg] = positionals;
  const fail = (message: string) => {
    console.error(message);
    console.error(`使い方: npm run admin -- <command>\n${applicationUsage}`);
    return 1;
  };
  const id = Number(arg);
  if (command !== 'application-list' && !(Number.isInteger(id) && id > 0))
    return fail('申請の番号（ID）を指定してください。');
  const status = (values.status ?? 'pending') as ApplyStatus;
  if (!applyStatuses.includes(status)) return fail(`--status は ${applyStatuses.join(', ')} のいずれかです。`);

  const { database, secretBox } = await openRuntime(config);
  const db = database.db;
  const now = new Date();
  try {
    switch (command) {
      case 'application-list': {
        const rows = await listApplicationsForOperator(db, { status });
        if (!rows.length) console.log(`「${applyStatusNames[status]}」の申請はありません。`);
        for (const r of rows)
          console.log(
            [
              `#${r.id}`,
              r.teacherLoginId,
              applyTypeNames[r.applyType],
              applyStatusNames[r.status],
              r.fileName,
              r.rowCount === null ? 'PDF' : `${r.rowCount}人`,
              when(r.createdAt),
              r.note ? `備考: ${r.note}` : '',
              r.reason ? `理由: ${r.reason}` : '',
            ]
              .filter(Boolean)
              .join('\t'),
          );
        return 0;
      }
      case 'application-approve': {
        const d = await approveApplication(db, { storage: storageFromConfig(config), box: secretBox }, id, now);
        console.log(
          d.application.status === 'completed'
            ? `申請 ${id} を承認し、生徒アカウント ${d.created} 人を作成しました${d.classNames.length ? `（${d.classNames.join('、')}）` : ''}。`
            : `申請 ${id} を承認しました。作業が済んだら application-complete ${id} で完了にしてください。`,
        );
        return 0;
      }
      case 'application-return': {
        if (!values.reason) return fail('--reason で差し戻しの理由を指定してください。');
        await returnApplication(db, id, values.reason, now);
        console.log(`申請 ${id} を差し戻しました。`);
        return 0;
      }
      case 'application-complete': {
        await completeApplication(db, id, now);
        console.log(`申請 ${id} を完了にしました。`);
        return 0;
      }
      default:
        return fail(`不明なコマンドです: ${command}`);
    }
  } catch (e) {
    if (e instanceof OperatorError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}
