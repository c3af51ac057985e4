import { japaneseDate } from '@ondoku/contract';
import { createXlsx, type XlsxColumn } from '../../lib/xlsx-writer.js';
import { importColumns } from './import-service.js';
import type { StudentRecord } from './student-repository.js';

/** xlsx files for teachers: the roster export and the import template, with Japanese headers. */

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
 * The roster, written by the shared xlsx writer (lib/xlsx-writer.ts: a row is one string, inline
 * strings, each sheet deflated by zlib on the thread pool) and yielding to the event loop every
 * hundred rows, so a large export never holds up other requests for long. The rows come as
 * pages, read one query at a time while the file is written (exportRowPages). The caller caps
 * the rows (studentLimits.export.maxRows).
 */
export async function rosterXlsx(pages: AsyncIterable<RosterRow[]>): Promise<Buffer> {
  const book = createXlsx();
  const ws = book.sheet('生徒一覧', {
    freeze: { rows: 1 },
    columns: [
      { header: '生徒ID', key: 'id', width: 18 },
      { header: '氏名', key: 'name', width: 18 },
      { header: 'ふりがな', key: 'furigana', width: 20 },
      { header: '学年', key: 'grade', width: 8 },
      { header: '組', key: 'kumi', width: 8 },
      { header: '出席番号', key: 'number', width: 10 },
      { header: '所属クラス', key: 'classes', width: 28 },
      { header: 'パスワード', key: 'password', width: 16, text: true },
      { header: '登録日', key: 'created', width: 18 },
    ],
  });
  let written = 0;
  for await (const rows of pages)
    for (const { student: s, classNames, initialPassword } of rows) {
      ws.row({
        id: s.loginId,
        name: s.name,
        furigana: s.furigana,
        grade: s.gradeName,
        kumi: s.kumi,
        number: s.number === null ? '' : Number(s.number),
        classes: classNames.join('、'),
        // What the teacher needs (docs/classes.md, "Edges"): the password to hand out while it is still the
        // issued one; once the student has set their own, only that it changed.
        password: initialPassword ?? '変更済み',
        // The school's calendar date as text (Asia/Tokyo), not a UTC date cell.
        created: japaneseDate(s.createdAt),
      });
      if (++written % ROWS_PER_SLICE === 0) await nextTurn();
    }
  return book.finish();
}

export async function importTemplateXlsx(withClass: boolean): Promise<Buffer> {
  const book = createXlsx();
  const cols = importColumns.filter((c) => c.key !== 'class' || withClass);
  // Ids and numbers as text, so that Excel keeps leading zeros (0012) as typed.
  const asText = new Set(['student_id', 'number', 'password']);
  book.sheet('生徒', {
    freeze: { rows: 1 },
    columns: cols.map((c): XlsxColumn => ({
      header: c.label,
      key: c.key,
      width: c.key === 'name' || c.key === 'furigana' ? 18 : 14,
      text: asText.has(c.key),
    })),
  });
  const help = book.sheet('記入方法', {
    columns: [
      { header: '列', key: 'col', width: 16 },
      { header: '必須', key: 'req', width: 8 },
      { header: '書き方', key: 'how', width: 70 },
    ],
  });
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
  for (const c of cols) help.row({ col: c.label, req: c.required || c.key === 'class' ? '必須' : '', how: how[c.key] });
  help.row({});
  help.row({
    col: '注意',
    how: '1行目は見出しです。2行目から1人1行で入力してください。3,000人まで、5MBまで。CSV（UTF-8 または Shift_JIS）でも取り込めます。',
  });
  return book.finish();
}
