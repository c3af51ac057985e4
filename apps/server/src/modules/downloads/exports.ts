import {
  downloadKindLabels,
  downloadLimits,
  exerciseTypeLabels,
  schoolDateStamp,
  type ExerciseType,
  type HomeworkDownloadKind,
  submissionLabel,
} from '@ondoku/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stripControlChars } from '../../lib/control-chars.js';
import { createXlsx, type XlsxValue } from '../../lib/xlsx-writer.js';
import { attempts, homeworkRecipients, homeworkTopics, students, topicProgress } from '../../db/schema/index.js';
import type { requireOwnHomework } from '../homework/policy.js';
import { roundsSqlText } from '../submissions/index.js';

export type HomeworkView = Awaited<ReturnType<typeof requireOwnHomework>>;

/**
 * The homework results exports (export-topic-score-overview, export-topic-student-score; docs/downloads.md):
 * xlsx with Japanese headers and sheet names, written by the shared xlsx writer (lib/xlsx-writer.ts)
 * and yielding to the event loop every few hundred rows (docs/downloads.md). Strings are written
 * as inline strings, never as formulas: a child's name that starts with = + - @ stays text in Excel.
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

/** Children read per FETCH of the export's cursor: a few milliseconds of parsing each. */
export const EXPORT_FETCH_ROWS = 1000;

/** A child of the homework with their best score per topic (id → score) and their practice count. */
type ScoreRow = {
  id: number;
  login_id: string;
  name: string;
  furigana: string;
  grade_name: string;
  kumi: string;
  number: string | null;
  submitted_at: Date | null;
  scores: Record<string, number> | null;
  practice: number;
  /** The fewest submissions of any topic (modules/submissions). */
  rounds: number;
};

/**
 * The children the homework went to, in register order (組, 出席番号, ふりがな), each with their
 * topic progress folded into one row (a JSON object of best scores): 10,000 rows instead of one
 * per child and topic. Read through a cursor, `pageRows` at a time, in one read-only snapshot, so
 * no single reply holds the event loop while it is parsed; `each` gets every page.
 */
export async function scorePages(
  db: DbOrTx,
  homeworkId: number,
  each: (rows: ScoreRow[]) => Promise<void>,
  pageRows = EXPORT_FETCH_ROWS,
) {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`
        declare export_scores no scroll cursor for
        select s.id, s.login_id, s.name, s.furigana, s.grade_name, s.class_name as kumi, s.number, hr.submitted_at,
               p.scores, coalesce(p.practice, 0)::int as practice,
               ${sql.raw(roundsSqlText('hr.homework_id', 'hr.student_id'))} as rounds
        from ${homeworkRecipients} hr
        join ${students} s on s.id = hr.student_id
        left join (
          select tp.student_id, json_object_agg(tp.topic_id, tp.best_score) as scores,
                 sum(tp.practice_count)::int as practice
          from ${topicProgress} tp
          where tp.homework_id = ${homeworkId}
          group by tp.student_id
        ) p on p.student_id = hr.student_id
        where hr.homework_id = ${homeworkId}
        order by s.grade_name, s.class_name, case when s.number ~ '^[0-9]{1,9}$' then s.number::int end nulls last,
                 s.furigana, s.id
        limit ${downloadLimits.maxRows}`);
      for (;;) {
        const { rows } = await tx.execute<ScoreRow>(sql.raw(`fetch ${Number(pageRows)} from export_scores`));
        if (rows.length) await each(rows);
        if (rows.length < pageRows) break;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const round1 = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
const typeLabel = (type: string) => exerciseTypeLabels[type as ExerciseType] ?? type;

/** 生徒別の得点: one row per child, one column per topic (best score), with totals. */
export async function topicStudentScoreXlsx(
  db: DbOrTx,
  hw: HomeworkView,
  at: Date,
  progress: Progress,
): Promise<ExportFile> {
  const topics = await topicsOf(db, hw.id);
  const total = Math.min(hw.assignedCount, downloadLimits.maxRows);
  await progress(10);

  const book = createXlsx({ at });
  const ws = book.sheet('生徒別得点', {
    freeze: { rows: 1, columns: 3 },
    wrapHeader: true,
    columns: [
      { header: '出席番号', key: 'number', width: 9 },
      { header: '氏名', key: 'name', width: 16 },
      { header: 'ふりがな', key: 'furigana', width: 18 },
      { header: '生徒ID', key: 'loginId', width: 16 },
      { header: '学年', key: 'grade', width: 7 },
      { header: '組', key: 'kumi', width: 7 },
      { header: '提出', key: 'submitted', width: hw.requiredTimes && hw.requiredTimes > 1 ? 22 : 9 },
      ...topics.map((t, i) => ({ header: `${i + 1}. ${t.title}`, key: `t${t.id}`, width: 14 })),
      { header: '平均点', key: 'average', width: 9 },
      { header: '練習回数', key: 'count', width: 9 },
    ],
  });
  const topicKeys = topics.map((t) => [String(t.id), `t${t.id}`] as const);
  let written = 0;
  await scorePages(db, hw.id, async (students) => {
    for (const c of students) {
      const row: Record<string, XlsxValue> = {
        number: c.number && /^\d{1,9}$/.test(c.number) ? Number(c.number) : (c.number ?? ''),
        name: c.name,
        furigana: c.furigana,
        loginId: c.login_id,
        grade: c.grade_name,
        kumi: c.kumi,
        submitted: submissionLabel({
          submitted: c.submitted_at !== null,
          practice_count: c.rounds,
          required_times: hw.requiredTimes,
        }),
        count: c.practice,
      };
      let sum = 0;
      let scored = 0;
      for (const [id, key] of topicKeys) {
        const best = c.scores?.[id];
        row[key] = typeof best === 'number' ? round1(best) : null;
        if (typeof best === 'number') {
          sum += best;
          scored++;
        }
      }
      // The child's homework score as the details page shows it: a topic not submitted counts 0.
      row.average = scored ? round1(sum / Math.max(1, topics.length)) : null;
      ws.row(row);
      if (++written % ROWS_PER_SLICE === 0) {
        await progress(10 + Math.floor((80 * written) / Math.max(total, written)));
        await nextTurn();
      }
    }
  });
  const body = await book.finish();
  await progress(100);
  return { fileName: exportFileName('topic-student-score', hw, at), body, rows: written };
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

  const book = createXlsx({ at });
  const ws = book.sheet('課題別集計', {
    freeze: { rows: 1 },
    wrapHeader: true,
    columns: [
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
    ],
  });
  topics.forEach((t, i) => {
    const s = byTopic.get(t.id);
    const submitted = s?.submitted ?? 0;
    ws.row({
      no: i + 1,
      title: t.title,
      type: typeLabel(t.type),
      submitted,
      assigned: hw.assignedCount,
      rate: hw.assignedCount ? round1((100 * submitted) / hw.assignedCount) : null,
      average: round1(s?.average),
      max: round1(s?.max),
      min: round1(s?.min),
      accuracy: round1(s?.accuracy),
      fluency: round1(s?.fluency),
      integrity: round1(s?.integrity),
      correctRate: s?.choices ? round1((100 * (s.correct ?? 0)) / s.choices) : null,
      practice: round1(s?.practice),
    });
  });
  const body = await book.finish();
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
