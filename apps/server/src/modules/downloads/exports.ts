import { PassThrough } from 'node:stream';
import {
  downloadKindLabels,
  downloadLimits,
  exerciseTypeLabels,
  schoolDateStamp,
  type ExerciseType,
  type HomeworkDownloadKind,
} from '@ondoku/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../../db/client.js';
import { stripControlChars } from '../../lib/control-chars.js';
import { attempts, homeworkRecipients, homeworkTopics, students, topicProgress } from '../../db/schema/index.js';
import type { requireOwnHomework } from '../homework/policy.js';

export type HomeworkView = Awaited<ReturnType<typeof requireOwnHomework>>;

/**
 * The homework results exports (spec §7 export-topic-score-overview, export-topic-student-score):
 * xlsx with Japanese headers and sheet names, written by exceljs's streaming writer and yielding
 * to the event loop every few hundred rows (docs/downloads.md). Strings are written as strings
 * (inline), never as formulas: a child's name that starts with = + - @ stays text in Excel.
 * They read the aggregates kept by the students' side (topic_progress, and the best attempt for
 * the accuracy, fluency and completeness means), never every attempt.
 */

export interface ExportFile {
  fileName: string;
  body: Buffer;
  rows: number;
}
export type Progress = (percent: number) => Promise<void> | void;

const ROWS_PER_SLICE = 200;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A file name a teacher recognises, without characters file systems refuse: `<parts>_<school date>.xlsx`. */
export function xlsxFileName(parts: string[], at: Date) {
  return `${stripControlChars(parts.filter(Boolean).join('_'))
    .replace(/[\\/:*?"<>|\t\r\n]/g, '_')
    .slice(0, 80)}_${schoolDateStamp(at)}.xlsx`;
}

export function exportFileName(kind: HomeworkDownloadKind, hw: Pick<HomeworkView, 'title' | 'className'>, at: Date) {
  return xlsxFileName([downloadKindLabels[kind], hw.className ?? '', hw.title], at);
}

/** What a task's list row says it holds. */
export const exportTitle = (kind: HomeworkDownloadKind, hw: Pick<HomeworkView, 'title' | 'className'>) =>
  `${downloadKindLabels[kind]}：${hw.className ? `${hw.className} ` : ''}${hw.title}`;

async function topicsOf(db: DbOrTx, homeworkId: number) {
  return db
    .select({ id: homeworkTopics.id, title: homeworkTopics.title, type: homeworkTopics.type })
    .from(homeworkTopics)
    .where(eq(homeworkTopics.homeworkId, homeworkId))
    .orderBy(asc(homeworkTopics.position));
}

/** The children the homework went to, in register order (組, 出席番号, ふりがな). */
async function recipientsOf(db: DbOrTx, homeworkId: number) {
  return db
    .select({
      id: students.id,
      loginId: students.loginId,
      name: students.name,
      furigana: students.furigana,
      gradeName: students.gradeName,
      kumi: students.kumi,
      number: students.number,
      submittedAt: homeworkRecipients.submittedAt,
    })
    .from(homeworkRecipients)
    .innerJoin(students, eq(students.id, homeworkRecipients.studentId))
    .where(eq(homeworkRecipients.homeworkId, homeworkId))
    .orderBy(
      asc(students.gradeName),
      asc(students.kumi),
      sql`case when ${students.number} ~ '^[0-9]{1,9}$' then ${students.number}::int end nulls last`,
      asc(students.furigana),
      asc(students.id),
    )
    .limit(downloadLimits.maxRows);
}

/**
 * An xlsx streaming writer into memory: strings are inline strings, never formulas, so a cell
 * starting with = + - @ stays text. `done` resolves with the file once `wb.commit()` ran.
 */
export function workbook() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Ondoku';
  return { wb, done };
}

/**
 * The style of every data cell: one shared object. exceljs gives each new cell its own style
 * object and, with `useStyles` (needed for the header), renders and looks up each one's style
 * XML when the row is written — 1.0 of the 1.3 s that 10,000 rows took; one object is looked up
 * once (its weak map). Never changed (no cell of these sheets has a style of its own).
 */
const PLAIN_CELL: Partial<ExcelJS.Style> = {};
/** Adds a data row whose cells share PLAIN_CELL, and writes it out. */
const addPlainRow = (ws: ExcelJS.Worksheet, values: Record<string, unknown>) => {
  const row = ws.addRow(values);
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.style = PLAIN_CELL;
  });
  row.commit();
};

/** The header row's look (bold, tinted). */
export const headerStyle = (row: ExcelJS.Row) => {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3F1EA' } };
  row.alignment = { vertical: 'middle', wrapText: true };
};

const round1 = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
const typeLabel = (type: string) => exerciseTypeLabels[type as ExerciseType] ?? type;
/** A number as a cell: a number, or an empty cell. */
const num = (n: number | null | undefined) => (n === null || n === undefined ? null : n);

/** 生徒別の得点: one row per child, one column per topic (best score), with totals. */
export async function topicStudentScoreXlsx(
  db: DbOrTx,
  hw: HomeworkView,
  at: Date,
  progress: Progress,
): Promise<ExportFile> {
  const topics = await topicsOf(db, hw.id);
  const children = await recipientsOf(db, hw.id);
  const best = await db
    .select({
      studentId: topicProgress.studentId,
      topicId: topicProgress.topicId,
      bestScore: topicProgress.bestScore,
      practiceCount: topicProgress.practiceCount,
    })
    .from(topicProgress)
    .where(eq(topicProgress.homeworkId, hw.id));
  const byChild = new Map<number, Map<number, { bestScore: number; practiceCount: number }>>();
  for (const b of best) {
    const m = byChild.get(b.studentId) ?? new Map();
    m.set(b.topicId, b);
    byChild.set(b.studentId, m);
  }
  await progress(10);

  const { wb, done } = workbook();
  const ws = wb.addWorksheet('生徒別得点', { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  ws.columns = [
    { header: '出席番号', key: 'number', width: 9 },
    { header: '氏名', key: 'name', width: 16 },
    { header: 'ふりがな', key: 'furigana', width: 18 },
    { header: '生徒ID', key: 'loginId', width: 16 },
    { header: '学年', key: 'grade', width: 7 },
    { header: '組', key: 'kumi', width: 7 },
    { header: '提出', key: 'submitted', width: 9 },
    ...topics.map((t, i) => ({ header: `${i + 1}. ${t.title}`, key: `t${t.id}`, width: 14 })),
    { header: '平均点', key: 'average', width: 9 },
    { header: '練習回数', key: 'count', width: 9 },
  ];
  headerStyle(ws.getRow(1));
  ws.getRow(1).commit();
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    const mine = byChild.get(c.id);
    const scores = topics.map((t) => mine?.get(t.id)?.bestScore ?? null);
    const done_ = scores.filter((s): s is number => s !== null);
    const row: Record<string, unknown> = {
      number: c.number && /^\d{1,9}$/.test(c.number) ? Number(c.number) : (c.number ?? ''),
      name: c.name,
      furigana: c.furigana,
      loginId: c.loginId,
      grade: c.gradeName,
      kumi: c.kumi,
      submitted: c.submittedAt ? '提出済み' : '未提出',
      average: done_.length ? round1(done_.reduce((a, b) => a + b, 0) / done_.length) : null,
      count: [...(mine?.values() ?? [])].reduce((a, b) => a + b.practiceCount, 0),
    };
    topics.forEach((t, j) => (row[`t${t.id}`] = num(round1(scores[j]))));
    addPlainRow(ws, row);
    if ((i + 1) % ROWS_PER_SLICE === 0) {
      await progress(10 + Math.floor((80 * (i + 1)) / children.length));
      await nextTurn();
    }
  }
  ws.commit();
  await wb.commit();
  const body = await done;
  await progress(100);
  return { fileName: exportFileName('topic-student-score', hw, at), body, rows: children.length };
}

/** 課題別の集計: one row per topic: submissions, score statistics and the three sub-scores. */
export async function topicScoreOverviewXlsx(
  db: DbOrTx,
  hw: HomeworkView,
  at: Date,
  progress: Progress,
): Promise<ExportFile> {
  const topics = await topicsOf(db, hw.id);
  const topicIds = topics.map((t) => t.id);
  const stats = topicIds.length
    ? await db
        .select({
          topicId: topicProgress.topicId,
          submitted: sql<number>`count(*)::int`,
          average: sql<number | null>`avg(${topicProgress.bestScore})::float8`,
          max: sql<number | null>`max(${topicProgress.bestScore})::float8`,
          min: sql<number | null>`min(${topicProgress.bestScore})::float8`,
          accuracy: sql<number | null>`avg(${attempts.accuracyScore})::float8`,
          fluency: sql<number | null>`avg(${attempts.fluencyScore})::float8`,
          integrity: sql<number | null>`avg(${attempts.integrityScore})::float8`,
          correct: sql<number | null>`sum(${attempts.correctCount})::int`,
          choices: sql<number | null>`sum(${attempts.choiceCount})::int`,
          practice: sql<number | null>`avg(${topicProgress.practiceCount})::float8`,
        })
        .from(topicProgress)
        .leftJoin(attempts, eq(attempts.id, topicProgress.bestAttemptId))
        .where(and(eq(topicProgress.homeworkId, hw.id), inArray(topicProgress.topicId, topicIds)))
        .groupBy(topicProgress.topicId)
    : [];
  const byTopic = new Map(stats.map((s) => [s.topicId, s]));
  await progress(50);

  const { wb, done } = workbook();
  const ws = wb.addWorksheet('課題別集計', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'No.', key: 'no', width: 6 },
    { header: '教材名', key: 'title', width: 30 },
    { header: '種類', key: 'type', width: 12 },
    { header: '提出人数', key: 'submitted', width: 9 },
    { header: '対象人数', key: 'assigned', width: 9 },
    { header: '提出率(%)', key: 'rate', width: 10 },
    { header: '平均点', key: 'average', width: 9 },
    { header: '最高点', key: 'max', width: 9 },
    { header: '最低点', key: 'min', width: 9 },
    { header: '発音', key: 'accuracy', width: 8 },
    { header: '流暢さ', key: 'fluency', width: 8 },
    { header: '完成度', key: 'integrity', width: 8 },
    { header: '正答率(%)', key: 'correctRate', width: 10 },
    { header: '平均練習回数', key: 'practice', width: 12 },
  ];
  headerStyle(ws.getRow(1));
  ws.getRow(1).commit();
  topics.forEach((t, i) => {
    const s = byTopic.get(t.id);
    const submitted = s?.submitted ?? 0;
    ws.addRow({
      no: i + 1,
      title: t.title,
      type: typeLabel(t.type),
      submitted,
      assigned: hw.assignedCount,
      rate: hw.assignedCount ? round1((100 * submitted) / hw.assignedCount) : null,
      average: num(round1(s?.average)),
      max: num(round1(s?.max)),
      min: num(round1(s?.min)),
      accuracy: num(round1(s?.accuracy)),
      fluency: num(round1(s?.fluency)),
      integrity: num(round1(s?.integrity)),
      correctRate: s?.choices ? round1((100 * (s.correct ?? 0)) / s.choices) : null,
      practice: num(round1(s?.practice)),
    }).commit();
  });
  ws.commit();
  await wb.commit();
  const body = await done;
  await progress(100);
  return { fileName: exportFileName('topic-score-overview', hw, at), body, rows: topics.length };
}

export const exporters: Record<
  HomeworkDownloadKind,
  (db: DbOrTx, hw: HomeworkView, at: Date, progress: Progress) => Promise<ExportFile>
> = {
  'topic-score-overview': topicScoreOverviewXlsx,
  'topic-student-score': topicStudentScoreXlsx,
};
