import { downloadKindLabels, integralRules, type DownloadKind } from '@ondoku/contract';
import type { Db } from '../../db/client.js';
import type { DownloadParams } from '../../db/schema/index.js';
import { createXlsx, sheetName } from '../../lib/xlsx-writer.js';
import { listClasses } from '../classes/index.js';
import { TaskFailure, xlsxFileName, type TaskMaker } from '../downloads/index.js';
import { rankingPeriod, type RankingPeriodRange } from './period.js';
import { rankClass, type RankedStudent } from './service.js';

/**
 * The integral ranking as an xlsx download task (docs/rankings.md, "Printing"): one sheet a class,
 * the same ranks and changes the screen and the printable page show, the rule on a sheet of its
 * own. The task keeps the classes, the period and when it was asked for, so the file is the period
 * the teacher saw even when it is made later.
 */
type RankingParams = NonNullable<DownloadParams['ranking']>;

export const rankingTaskTitle = (classNames: string[], period: RankingPeriodRange) =>
  `${downloadKindLabels['integral-ranking']}：${classNames.length === 1 ? classNames[0] : `${classNames.length}クラス`} ${period.ref.label}（${period.ref.start_date}〜${period.ref.end_date}）`;

const changeText = (c: number | null) => (c === null ? 'ー' : c > 0 ? `↑${c}` : c < 0 ? `↓${-c}` : '→');

export async function integralRankingFile(
  classes: { cls: { name: string }; rows: RankedStudent[] }[],
  period: RankingPeriodRange,
  at: Date,
) {
  const book = createXlsx({ at });
  let rows = 0;
  classes.forEach(({ cls, rows: ranked }, i) => {
    const ws = book.sheet(sheetName(`${i + 1}_${cls.name}`), {
      columns: [
        { header: '順位', key: 'rank', width: 8 },
        { header: '出席番号', key: 'number', width: 10, text: true },
        { header: '氏名', key: 'name', width: 24 },
        { header: '生徒ID', key: 'login', width: 18, text: true },
        { header: 'ポイント', key: 'value', width: 10 },
        { header: '前の期間から', key: 'change', width: 14 },
      ],
      freeze: { rows: 1 },
    });
    for (const r of ranked)
      ws.row({
        rank: r.rank,
        number: r.number ?? '',
        name: r.name,
        login: r.loginId,
        value: r.value,
        change: changeText(r.change),
      });
    rows += ranked.length;
  });
  const rule = book.sheet('ポイントのルール', {
    columns: [
      { header: 'することの内容', key: 'label', width: 48 },
      { header: 'ポイント', key: 'points', width: 10 },
    ],
  });
  for (const r of integralRules) rule.row({ label: r.label, points: r.points });
  rule.row({ label: `期間：${period.ref.label} ${period.ref.start_date}〜${period.ref.end_date}`, points: null });
  return {
    fileName: xlsxFileName([downloadKindLabels['integral-ranking'], period.ref.label], at),
    body: await book.finish(),
    rows,
  };
}

/** The download runner's maker of the integral ranking (app.ts wires it). */
export function rankingMakers(): Partial<Record<DownloadKind, TaskMaker>> {
  return {
    'integral-ranking': async (db: Db, task, at, progress) => {
      const p = task.params.ranking as RankingParams | undefined;
      if (!p) throw new TaskFailure('ダウンロードの内容が正しくありません。');
      // The classes are read again as the teacher's: one deleted meanwhile is left out.
      const own = await listClasses(db, task.teacherId);
      const chosen = p.team_ids.map((id) => own.find((c) => c.id === id)).filter((c) => c !== undefined);
      const period = rankingPeriod(p, new Date(p.at));
      const ranked = [];
      for (const [i, cls] of chosen.entries()) {
        ranked.push({ cls, rows: await rankClass(db, task.teacherId, cls.id, 'integral', period) });
        await progress(Math.round(((i + 1) / Math.max(chosen.length, 1)) * 80));
      }
      return integralRankingFile(ranked, period, at);
    },
  };
}
