import { japaneseDateTime, schoolDateStamp, type RolloverReport } from '@ondoku/contract';
import { createXlsx, type XlsxBook, type XlsxColumn } from '../../lib/xlsx-writer.js';

/**
 * The report of a committed April roll-over as an xlsx (docs/classes.md): what the teacher keeps
 * of the school year's change. Four sheets with Japanese names and headers — 概要, 生徒の移動,
 * 卒業生, クラス — written by the shared xlsx writer (lib/xlsx-writer.ts): every text is an inline
 * string, never a formula, so a name that starts with = + - @ stays text in Excel.
 */

export type StoredReport = Omit<RolloverReport, 'committed_at' | 'rollover_id'>;

/** What each class became, as the クラス sheet says it. */
export const rolloverClassStates = {
  created: '新しく作成',
  archived: '昨年度のクラス（閲覧のみ・非表示）',
  kept: 'そのまま継続',
} as const;

export const rolloverGraduateState = 'アカウント停止（学習記録は保存）';

/** 年度更新の記録_20270401.xlsx (the school's date of the commit). */
export const rolloverReportFileName = (committedAt: Date) => `年度更新の記録_${schoolDateStamp(committedAt)}.xlsx`;

const sheet = (book: XlsxBook, name: string, columns: XlsxColumn[]) =>
  book.sheet(name, { columns, freeze: { rows: 1 }, wrapHeader: true });

export async function rolloverReportXlsx(report: StoredReport, committedAt: Date): Promise<Buffer> {
  const book = createXlsx({ at: committedAt });

  const summary = sheet(book, '概要', [
    { header: '項目', key: 'label', width: 36 },
    { header: '内容', key: 'value', width: 28 },
  ]);
  const lines: [string, string | number][] = [
    ['年度更新の実行日時', japaneseDateTime(committedAt)],
    ['進級・クラス替えをした生徒（人）', report.moves.length],
    ['卒業した生徒（人）', report.graduates.length],
    ['新しく作成したクラス', report.created_teams.length],
    ['昨年度のクラスになったクラス（閲覧のみ・非表示）', report.archived_teams.length],
    ['そのまま続くクラス', report.kept_teams.length],
  ];
  for (const [label, value] of lines) summary.row({ label, value });

  const moves = sheet(book, '生徒の移動', [
    { header: '生徒ID', key: 'id', width: 18 },
    { header: '氏名', key: 'name', width: 18 },
    { header: '元のクラス', key: 'from', width: 18 },
    { header: '新しいクラス', key: 'to', width: 18 },
    { header: '元の学年', key: 'gradeFrom', width: 10 },
    { header: '新しい学年', key: 'gradeTo', width: 10 },
  ]);
  for (const m of report.moves)
    moves.row({
      id: m.student_id,
      name: m.name,
      from: m.from_team,
      to: m.to_team,
      gradeFrom: m.grade_from,
      gradeTo: m.grade_to,
    });

  const graduates = sheet(book, '卒業生', [
    { header: '生徒ID', key: 'id', width: 18 },
    { header: '氏名', key: 'name', width: 18 },
    { header: 'クラス', key: 'from', width: 18 },
    { header: '学年', key: 'grade', width: 10 },
    { header: '状態', key: 'state', width: 32 },
  ]);
  for (const g of report.graduates)
    graduates.row({
      id: g.student_id,
      name: g.name,
      from: g.from_team,
      grade: g.grade_name,
      state: rolloverGraduateState,
    });

  const classes = sheet(book, 'クラス', [
    { header: 'クラス名', key: 'name', width: 20 },
    { header: '年度更新後', key: 'state', width: 36 },
  ]);
  const classLines: [string, string][] = [
    ...report.created_teams.map((n): [string, string] => [n, rolloverClassStates.created]),
    ...report.archived_teams.map((c): [string, string] => [c.name, rolloverClassStates.archived]),
    ...report.kept_teams.map((c): [string, string] => [c.name, rolloverClassStates.kept]),
  ];
  for (const [name, state] of classLines) classes.row({ name, state });

  return book.finish();
}
