import { PassThrough } from 'node:stream';
import { japaneseDate } from '@ondoku/contract';
import ExcelJS from 'exceljs';
import { importColumns } from './import-service.js';
import type { StudentRecord } from './student-repository.js';

/** xlsx files for teachers: the roster export and the import template, with Japanese headers. */

const headerStyle = (row: ExcelJS.Row) => {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3F1EA' } };
  row.alignment = { vertical: 'middle' };
};

/** Rows written between two yields to the event loop (a few milliseconds of work). */
const ROWS_PER_SLICE = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A row of the roster: the student, their classes' names, and their initial password while it is
 * still the one the teacher issued (decrypted by the caller), else null.
 */
export interface RosterRow {
  student: StudentRecord;
  classNames: string[];
  initialPassword: string | null;
}

/**
 * The roster, written by exceljs's streaming writer (rows committed as they come, inline
 * strings, the zip deflated by zlib on the thread pool) and yielding to the event loop every
 * hundred rows, so a large export never holds up other requests for long. The rows come as
 * pages, read one query at a time while the file is written (exportRowPages). The caller caps
 * the rows (studentLimits.export.maxRows).
 */
export async function rosterXlsx(pages: AsyncIterable<RosterRow[]>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Ondoku';
  const ws = wb.addWorksheet('生徒一覧', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: '生徒ID', key: 'id', width: 18 },
    { header: '氏名', key: 'name', width: 18 },
    { header: 'ふりがな', key: 'furigana', width: 20 },
    { header: '学年', key: 'grade', width: 8 },
    { header: '組', key: 'kumi', width: 8 },
    { header: '出席番号', key: 'number', width: 10 },
    { header: '所属クラス', key: 'classes', width: 28 },
    { header: 'パスワード', key: 'password', width: 16, style: { numFmt: '@' } },
    { header: '登録日', key: 'created', width: 18 },
  ];
  const header = ws.getRow(1);
  headerStyle(header);
  header.commit();
  await nextTurn();
  let written = 0;
  for await (const rows of pages)
    for (const { student: s, classNames, initialPassword } of rows) {
      ws.addRow({
        id: s.loginId,
        name: s.name,
        furigana: s.furigana,
        grade: s.gradeName,
        kumi: s.kumi,
        number: s.number === null ? '' : Number(s.number),
        classes: classNames.join('、'),
        // What the teacher needs (issue 13 edge 12): the password to hand out while it is still the
        // issued one; once the student has set their own, only that it changed.
        password: initialPassword ?? '変更済み',
        // The school's calendar date as text (Asia/Tokyo), not a UTC date cell.
        created: japaneseDate(s.createdAt),
      }).commit();
      if (++written % ROWS_PER_SLICE === 0) await nextTurn();
    }
  ws.commit();
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

export async function importTemplateXlsx(withClass: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ondoku';
  const cols = importColumns.filter((c) => c.key !== 'class' || withClass);
  const ws = wb.addWorksheet('生徒', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = cols.map((c) => ({
    header: c.label,
    key: c.key,
    width: c.key === 'name' || c.key === 'furigana' ? 18 : 14,
  }));
  headerStyle(ws.getRow(1));
  // Ids and numbers as text, so that Excel keeps leading zeros (0012) as typed.
  for (const key of ['student_id', 'number', 'password']) ws.getColumn(key).numFmt = '@';
  const help = wb.addWorksheet('記入方法');
  help.columns = [
    { header: '列', key: 'col', width: 16 },
    { header: '必須', key: 'req', width: 8 },
    { header: '書き方', key: 'how', width: 70 },
  ];
  headerStyle(help.getRow(1));
  const how: Record<string, string> = {
    student_id: '半角英数字と「.」「_」「-」で4〜20文字。サービス全体で重複できません。（例：sakura-3a-01）',
    name: '30文字まで。（例：山田 太郎）',
    furigana: '30文字まで。（例：やまだ たろう）',
    grade_name: '10文字まで。（例：3年）',
    kumi: '10文字まで。（例：1組）',
    number: '10桁以内の数字。',
    password: '空欄なら自動で作成します。指定する場合は半角英字と数字を組み合わせて6〜20文字。',
    class: '生徒を入れるクラスの名前（20文字まで）。無いクラスは新しく作成します。',
  };
  for (const c of cols)
    help.addRow({ col: c.label, req: c.required || c.key === 'class' ? '必須' : '', how: how[c.key] });
  help.addRow({});
  help.addRow({
    col: '注意',
    how: '1行目は見出しです。2行目から1人1行で入力してください。3,000人まで、5MBまで。CSV（UTF-8 または Shift_JIS）でも取り込めます。',
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
