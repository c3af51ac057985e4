import {
  downloadKindLabels,
  exerciseTypeLabels,
  homeworkTypeLabels,
  japaneseDate,
  japaneseDateTime,
  messages,
  schoolDateStamp,
  studyHomeworkStatusLabels,
  type DownloadKind,
  type ExerciseType,
} from '@ondoku/contract';
import type { Db } from '../../db/client.js';
import { stripControlChars } from '../../lib/control-chars.js';
import { createXlsx, type XlsxBook, type XlsxColumn, type XlsxValue } from '../../lib/xlsx-writer.js';
import { esc } from '../../lib/html.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { findTeacherById } from '../auth/index.js';
import { TaskFailure, type ExportFile, type Progress, type TaskMaker } from '../downloads/index.js';
import { referenceTime } from './periods.js';
import { homeworkScore } from './presenter.js';
import { requireSurveyStudentById } from './policy.js';
import * as repo from './repository.js';
import * as service from './service.js';

/**
 * The study survey's xlsx reports (docs/study-survey.md), made by the download runner from the
 * same computations the calls answer: Japanese sheet names and headers, strings written as
 * strings (the shared writer, lib/xlsx-writer.ts: inline strings, never formulas, so a name
 * starting with = + - @ stays text).
 * With an address in the task, the file is then mailed as an attachment.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Student = repo.StudentRecord;
type StudyReport = Awaited<ReturnType<typeof service.studyReport>>['reply'] & { homeworkRows: repo.StudentHomework[] };
type HomeworkReport = Awaited<ReturnType<typeof service.homeworkReport>>;

/** A file name a teacher recognises, without characters file systems refuse. */
export function reportFileName(kind: DownloadKind, parts: string[], at: Date) {
  const base = [downloadKindLabels[kind], ...parts].filter(Boolean).join('_');
  return `${stripControlChars(base)
    .replace(/[\\/:*?"<>|\t\r\n\s]/g, '_')
    .slice(0, 80)}_${schoolDateStamp(at)}.xlsx`;
}

export const studyReportTitle = (student: Student, periodName: string) =>
  `${downloadKindLabels['student-study-report']}：${student.name} ${periodName}`;
export const homeworkReportTitle = (studentRow: Student, homeworkTitle: string) =>
  `${downloadKindLabels['student-homework-report']}：${studentRow.name} ${homeworkTitle}`;

const typeLabel = (type: string) =>
  exerciseTypeLabels[type as ExerciseType] ?? (type === 'word_test' ? '単語テスト' : type);
const cell = (n: number | null | undefined) => (n === null || n === undefined ? null : n);

/** A sheet with the header row in the exports' look (long titles wrap). */
const sheet = (book: XlsxBook, name: string, columns: XlsxColumn[]) => book.sheet(name, { columns, wrapHeader: true });

function keyValueSheet(book: XlsxBook, name: string, rows: [string, XlsxValue][]) {
  const ws = sheet(book, name, [
    { header: '項目', key: 'k', width: 22 },
    { header: '内容', key: 'v', width: 40 },
  ]);
  for (const [k, v] of rows) ws.row({ k, v });
}

const studentRows = (student: Student): [string, XlsxValue][] => [
  ['氏名', student.name],
  ['ふりがな', student.furigana],
  ['生徒ID', student.loginId],
  ['学年', student.gradeName],
  ['組', student.kumi],
  ['出席番号', student.number ?? ''],
];

/** 学習レポート: 概要, 得点の推移, 宿題一覧, 苦手な単語. */
export async function studyReportXlsx(db: Db, student: Student, report: StudyReport, at: Date, progress: Progress) {
  const topics = await repo.topicsWithProgress(
    db,
    student.id,
    report.homeworkRows.map((h) => h.id),
  );
  await progress(30);
  const book = createXlsx({ at });
  const p = report.period;
  keyValueSheet(book, '概要', [
    ...studentRows(student),
    ['期間', `${p.label}（${p.name}）`],
    ['期間の始め', japaneseDate(p.from)],
    ['期間の終わり', japaneseDate(new Date(new Date(p.to).getTime() - 1))],
    ['配信された宿題', report.homework.assigned],
    ['提出した宿題', report.homework.submitted],
    ['期限内に提出', report.homework.on_time],
    ['期限後に提出', report.homework.late],
    ['未提出', report.homework.unsubmitted],
    ['提出率(%)', cell(report.homework.submission_rate)],
    ['平均点', cell(report.average_score)],
    ['発音', cell(report.accuracy_score)],
    ['流暢さ', cell(report.fluency_score)],
    ['完成度', cell(report.integrity_score)],
    ['練習回数', report.practice.count],
    ['うち宿題', report.practice.homework_count],
    ['うち自主練習', report.practice.self_count],
    ['録音時間(分)', report.practice.recording_minutes],
  ]);

  const trend = sheet(book, '得点の推移', [
    { header: report.granularity === 'week' ? '週' : '月', key: 'label', width: 16 },
    { header: '平均点', key: 'average', width: 10 },
    { header: '提出回数', key: 'attempts', width: 10 },
  ]);
  for (const b of report.trend) trend.row({ label: b.label, average: cell(b.average_score), attempts: b.attempts });

  const list = sheet(book, '宿題一覧', [
    { header: '配信日', key: 'start', width: 18 },
    { header: '宿題名', key: 'title', width: 30 },
    { header: '種類', key: 'type', width: 10 },
    { header: 'クラス', key: 'team', width: 14 },
    { header: '締切', key: 'end', width: 22 },
    { header: '状態', key: 'status', width: 14 },
    { header: '提出日時', key: 'submitted', width: 22 },
    { header: '得点', key: 'score', width: 8 },
  ]);
  for (const h of report.homeworkRows) {
    const score = homeworkScore(topics.filter((t) => t.homeworkId === h.id));
    list.row({
      start: japaneseDate(h.startTime),
      title: h.title,
      type: homeworkTypeLabels[h.type],
      team: h.className ?? '',
      end: japaneseDateTime(h.endTime),
      status: studyHomeworkStatusLabels[h.status],
      submitted: h.submittedAt ? japaneseDateTime(h.submittedAt) : '',
      score: score === null ? null : Math.round(score * 10) / 10,
    });
  }

  const words = sheet(book, '苦手な単語', [
    { header: '順位', key: 'rank', width: 6 },
    { header: '単語', key: 'word', width: 20 },
    { header: '間違えた回数', key: 'missed', width: 12 },
    { header: '読んだ回数', key: 'read', width: 12 },
  ]);
  report.weakest_words.forEach((w, i) => words.row({ rank: i + 1, word: w.word, missed: w.missed, read: w.read }));
  const body = await book.finish();
  await progress(90);
  return {
    fileName: reportFileName('student-study-report', [student.name, p.name], at),
    body,
    rows: report.homeworkRows.length,
  };
}

/** 宿題レポート: 概要 and 教材別 (the child's best against the class). */
export async function homeworkReportXlsx(student: Student, report: HomeworkReport, at: Date, progress: Progress) {
  const book = createXlsx({ at });
  const h = report.homework;
  keyValueSheet(book, '概要', [
    ...studentRows(student),
    ['宿題名', h.title],
    ['種類', homeworkTypeLabels[h.type]],
    ['クラス', h.team?.name ?? ''],
    ['配信日時', japaneseDateTime(h.start_time)],
    ['締切', japaneseDateTime(h.end_time)],
    ['状態', studyHomeworkStatusLabels[report.status]],
    ['提出日時', report.submitted_at ? japaneseDateTime(report.submitted_at) : ''],
    ['得点', cell(report.score)],
    ['クラス平均', cell(report.class_average)],
    ['提出人数', `${h.submitted_count}人 / ${h.assigned_count}人`],
  ]);
  const ws = sheet(book, '教材別', [
    { header: 'No.', key: 'no', width: 6 },
    { header: '教材名', key: 'title', width: 30 },
    { header: '種類', key: 'type', width: 12 },
    { header: '練習回数', key: 'count', width: 9 },
    { header: '最高点', key: 'best', width: 9 },
    { header: 'クラス平均', key: 'classAverage', width: 10 },
    { header: '差', key: 'diff', width: 8 },
    { header: '発音', key: 'accuracy', width: 8 },
    { header: '流暢さ', key: 'fluency', width: 8 },
    { header: '完成度', key: 'integrity', width: 8 },
    { header: 'クラスの発音', key: 'classAccuracy', width: 12 },
    { header: 'クラスの流暢さ', key: 'classFluency', width: 12 },
    { header: 'クラスの完成度', key: 'classIntegrity', width: 12 },
    { header: '最終提出', key: 'last', width: 22 },
  ]);
  report.topics.forEach((t, i) =>
    ws.row({
      no: i + 1,
      title: t.title,
      type: typeLabel(t.type),
      count: t.practice_count,
      best: cell(t.best_score),
      classAverage: cell(t.class_average),
      diff:
        t.best_score !== null && t.class_average !== null
          ? Math.round((t.best_score - t.class_average) * 10) / 10
          : null,
      accuracy: cell(t.accuracy_score),
      fluency: cell(t.fluency_score),
      integrity: cell(t.integrity_score),
      classAccuracy: cell(t.class_accuracy),
      classFluency: cell(t.class_fluency),
      classIntegrity: cell(t.class_integrity),
      last: t.last_at ? japaneseDateTime(t.last_at) : '',
    }),
  );
  const body = await book.finish();
  await progress(90);
  return {
    fileName: reportFileName('student-homework-report', [student.name, h.title], at),
    body,
    rows: report.topics.length,
  };
}

/** The e-mailed report: a short summary in the body, the file attached. */
export function reportMail(
  to: string,
  kind: DownloadKind,
  student: Student,
  subjectOf: string,
  lines: string[],
  file: ExportFile,
  sentBy: string,
): MailMessage {
  const subject = `【音読】${downloadKindLabels[kind]}：${student.name}（${subjectOf}）`;
  const intro = `${sentBy} 先生から、${student.name} さんの${downloadKindLabels[kind]}をお送りします。`;
  const note = '※児童の氏名と得点が含まれます。取り扱いにご注意ください。';
  const text = [intro, '', ...lines, '', '添付ファイル：', `・${file.fileName}`, '', note, '', '音読 Ondoku'].join(
    '\n',
  );
  const html = `<!doctype html><html lang="ja"><body style="font-family:sans-serif;color:#222;line-height:1.7">
<p>${esc(intro)}</p>
<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>
<p>添付ファイル：${esc(file.fileName)}</p>
<p style="color:#888;font-size:12px">${esc(note)}</p>
<p>音読 Ondoku</p>
</body></html>`;
  return { to, subject, text, html, attachments: [{ filename: file.fileName, content: file.body, contentType: XLSX }] };
}

/** The download runner's makers of the two reports (app.ts wires them). */
export function studySurveyMakers(deps: { mailer: Mailer; clock: Clock }): Partial<Record<DownloadKind, TaskMaker>> {
  const studentOf = async (db: Db, task: Parameters<TaskMaker>[1]) => {
    if (!task.params.student_id) throw new TaskFailure(messages.notFound);
    try {
      return await requireSurveyStudentById(db, { id: task.teacherId }, task.params.student_id);
    } catch {
      throw new TaskFailure(messages.notFound);
    }
  };
  const mail = async (db: Db, task: Parameters<TaskMaker>[1], message: (sentBy: string) => MailMessage) => {
    const sentBy = (await findTeacherById(db, task.teacherId))?.nickname ?? '';
    try {
      await deps.mailer.send(message(sentBy));
    } catch {
      throw new TaskFailure(messages.mailSendFailed);
    }
  };
  return {
    'student-study-report': async (db, task, at, progress) => {
      const student = await studentOf(db, task);
      const ref = referenceTime(task.params.date, at);
      const made = await service.studyReport(
        db,
        { id: task.teacherId },
        student,
        { period: task.params.period ?? 'month', at: ref },
        deps.clock.now(),
      );
      const report = { ...made.reply, homeworkRows: made.homeworkRows };
      await progress(20);
      const file = await studyReportXlsx(db, student, report, at, progress);
      const email = task.params.email;
      if (email) {
        const hw = report.homework;
        await mail(db, task, (sentBy) =>
          reportMail(
            email,
            'student-study-report',
            student,
            `${report.period.label} ${report.period.name}`,
            [
              `生徒：${student.name}`,
              `期間：${report.period.label}（${report.period.name}）`,
              `宿題：提出 ${hw.submitted}件 / ${hw.assigned}件（期限内 ${hw.on_time}件）`,
              `平均点：${report.average_score ?? '—'}`,
              `練習回数：${report.practice.count}回（録音 ${report.practice.recording_minutes}分）`,
            ],
            file,
            sentBy,
          ),
        );
      }
      return file;
    },
    'student-homework-report': async (db, task, at, progress) => {
      const student = await studentOf(db, task);
      let report: HomeworkReport;
      try {
        report = await service.homeworkReport(
          db,
          { id: task.teacherId },
          student,
          task.params.homework_id ?? 0,
          deps.clock.now(),
        );
      } catch {
        throw new TaskFailure(messages.notFound);
      }
      await progress(20);
      const file = await homeworkReportXlsx(student, report, at, progress);
      const email = task.params.email;
      if (email)
        await mail(db, task, (sentBy) =>
          reportMail(
            email,
            'student-homework-report',
            student,
            report.homework.title,
            [
              `生徒：${student.name}`,
              `宿題：${report.homework.title}${report.homework.team ? `（${report.homework.team.name}）` : ''}`,
              `状態：${studyHomeworkStatusLabels[report.status]}`,
              `得点：${report.score ?? '—'}（クラス平均 ${report.class_average ?? '—'}）`,
            ],
            file,
            sentBy,
          ),
        );
      return file;
    },
  };
}
