import {
  downloadKindLabels,
  learningStatisticsMessages,
  messages,
  progressAlertLabels,
  wordStatusLabels,
  type DownloadKind,
  type ProgressUnit,
  type UsageUnit,
} from '@ondoku/contract';
import type { Db } from '../../db/client.js';
import type { DownloadParams } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createXlsx } from '../../lib/xlsx-writer.js';
import { TaskFailure, xlsxFileName, type TaskMaker } from '../downloads/index.js';
import { requireClassScope } from './policy.js';
import { progressReport, soundReport, usageReport, wordProgressReport } from './service.js';

/**
 * The statistics screens' tables as xlsx files, made by the download runner
 * (docs/learning-statistics.md, "Exports"): the same reports the screens read, with the choices
 * the task keeps (the class, the child, the period resolved when the teacher asked, the unit, the
 * word-book part), so a retry makes the same file. The class is checked again when the task runs.
 */
const minutes = (ms: number) => Math.round(ms / 6000) / 10;
const numberCell = (n: string | null) => (n && /^\d{1,9}$/.test(n) ? Number(n) : (n ?? ''));
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

type Params = DownloadParams;
const rangeOf = (p: Params) => ({ start_date: p.start_date, end_date: p.end_date });

async function scopeOf(db: Db, teacherId: number, p: Params) {
  if (!p.class_id) throw new TaskFailure(messages.notFound);
  try {
    return await requireClassScope(db, { id: teacherId }, p.class_id, p.login_id);
  } catch (e) {
    if (e instanceof AppError) throw new TaskFailure(messages.notFound);
    throw e;
  }
}

const fileName = (kind: DownloadKind, parts: string[], at: Date) =>
  xlsxFileName([downloadKindLabels[kind], ...parts], at);

export function learningStatisticsMakers(): Partial<Record<DownloadKind, TaskMaker>> {
  return {
    'learning-progress': async (db, task, at) => {
      const { klass, scope, student } = await scopeOf(db, task.teacherId, task.params);
      const unit = (task.params.unit === 'month' ? 'month' : 'week') as ProgressUnit;
      const r = await progressReport(db, scope, at, { ...rangeOf(task.params), unit });
      const book = createXlsx({ at });
      const buckets = book.sheet(unit === 'month' ? '月ごと' : '週ごと', {
        freeze: { rows: 1 },
        wrapHeader: true,
        columns: [
          { header: unit === 'month' ? '月の初日' : '週の初日', key: 'start', width: 12 },
          ...(student
            ? [
                { header: `${student.name} 総合`, key: 'sScore', width: 12 },
                { header: `${student.name} 回数`, key: 'sCount', width: 12 },
              ]
            : []),
          { header: 'クラス 総合', key: 'score', width: 10 },
          { header: 'クラス 発音', key: 'accuracy', width: 10 },
          { header: 'クラス 流暢さ', key: 'fluency', width: 10 },
          { header: 'クラス 完成度', key: 'integrity', width: 10 },
          { header: '練習回数', key: 'count', width: 9 },
          { header: '録音時間(分)', key: 'minutes', width: 12 },
        ],
      });
      const one = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x * 10) / 10);
      for (const b of r.buckets)
        buckets.row({
          start: b.start,
          sScore: one(b.student?.score),
          sCount: b.student?.count ?? 0,
          score: one(b.class?.score),
          accuracy: one(b.class?.accuracy),
          fluency: one(b.class?.fluency),
          integrity: one(b.class?.integrity),
          count: b.class?.count ?? 0,
          minutes: minutes(b.class?.duration ?? 0),
        });
      const students = book.sheet('子ども別', {
        freeze: { rows: 1, columns: 2 },
        wrapHeader: true,
        columns: [
          { header: '出席番号', key: 'number', width: 9 },
          { header: '氏名', key: 'name', width: 16 },
          { header: '生徒ID', key: 'loginId', width: 16, text: true },
          { header: '練習回数', key: 'count', width: 9 },
          { header: '録音時間(分)', key: 'minutes', width: 12 },
          { header: '平均点', key: 'average', width: 8 },
          { header: '前半の平均', key: 'first', width: 10 },
          { header: '後半の平均', key: 'second', width: 10 },
          { header: '状況', key: 'alerts', width: 28 },
        ],
      });
      for (const s of r.students)
        students.row({
          number: numberCell(s.number),
          name: s.name,
          loginId: s.loginId,
          count: s.count,
          minutes: minutes(s.duration),
          average: one(s.average),
          first: one(s.firstHalf),
          second: one(s.secondHalf),
          alerts: s.alerts.map((a) => progressAlertLabels[a]).join('、'),
        });
      const body = await book.finish();
      const parts = [klass.name, student?.name ?? '', `${r.range.start_date}〜${r.range.end_date}`];
      return { fileName: fileName('learning-progress', parts, at), body, rows: r.buckets.length + r.students.length };
    },

    'learning-usage': async (db, task, at) => {
      const { klass, scope, student } = await scopeOf(db, task.teacherId, task.params);
      const unit = (task.params.unit ?? 'day') as UsageUnit;
      const r = await usageReport(db, scope, at, { ...rangeOf(task.params), unit });
      const book = createXlsx({ at });
      const usageColumns = [
        { header: '宿題(回)', key: 'hwCount', width: 9 },
        { header: '宿題(分)', key: 'hwMinutes', width: 9 },
        { header: '自主学習(回)', key: 'selfCount', width: 12 },
        { header: '自主学習(分)', key: 'selfMinutes', width: 12 },
      ];
      const usage = (u: { homeworkCount: number; homeworkMs: number; selfCount: number; selfMs: number }) => ({
        hwCount: u.homeworkCount,
        hwMinutes: minutes(u.homeworkMs),
        selfCount: u.selfCount,
        selfMinutes: minutes(u.selfMs),
      });
      const buckets = book.sheet({ day: '日ごと', week: '週ごと', month: '月ごと' }[unit], {
        freeze: { rows: 1 },
        columns: [{ header: '日付', key: 'start', width: 12 }, ...usageColumns],
      });
      for (const b of r.buckets) buckets.row({ start: b.start, ...usage(b) });
      const hours = book.sheet('曜日と時間', {
        freeze: { rows: 1 },
        columns: [
          { header: '曜日', key: 'weekday', width: 6 },
          { header: '時', key: 'hour', width: 6 },
          { header: '回数', key: 'count', width: 8 },
        ],
      });
      for (const h of r.hours) hours.row({ weekday: WEEKDAYS[h.weekday], hour: h.hour, count: h.count });
      const students = book.sheet('子ども別', {
        freeze: { rows: 1, columns: 2 },
        columns: [
          { header: '出席番号', key: 'number', width: 9 },
          { header: '氏名', key: 'name', width: 16 },
          { header: '生徒ID', key: 'loginId', width: 16, text: true },
          ...usageColumns,
          { header: '練習した日', key: 'days', width: 10 },
        ],
      });
      for (const s of r.students)
        students.row({ number: numberCell(s.number), name: s.name, loginId: s.loginId, ...usage(s), days: s.days });
      const body = await book.finish();
      const parts = [klass.name, student?.name ?? '', `${r.range.start_date}〜${r.range.end_date}`];
      return { fileName: fileName('learning-usage', parts, at), body, rows: r.buckets.length + r.students.length };
    },

    'learning-words': async (db, task, at) => {
      const { klass, scope } = await scopeOf(db, task.teacherId, task.params);
      let r;
      try {
        r = await wordProgressReport(db, scope, at, {
          ...rangeOf(task.params),
          book_code: task.params.book_code,
          part: task.params.part,
        });
      } catch (e) {
        if (e instanceof AppError) throw new TaskFailure(e.message || learningStatisticsMessages.partWrong);
        throw e;
      }
      const book = createXlsx({ at });
      const grid = book.sheet('クラス×単語', {
        freeze: { rows: 1, columns: 2 },
        columns: [
          { header: '出席番号', key: 'number', width: 9 },
          { header: '氏名', key: 'name', width: 16 },
          ...r.words.map((w, i) => ({ header: w.word, key: `w${i}`, width: Math.max(8, w.word.length + 2) })),
          { header: '習得', key: 'mastered', width: 6 },
          { header: '練習中', key: 'practising', width: 7 },
          { header: '苦手', key: 'missing', width: 6 },
        ],
      });
      for (const s of r.students)
        grid.row({
          number: numberCell(s.number),
          name: s.name,
          ...Object.fromEntries(s.scores.map((x, i) => [`w${i}`, x === null ? null : Math.round(x)])),
          mastered: s.mastered,
          practising: s.practising,
          missing: s.missing,
        });
      const words = book.sheet('単語別', {
        freeze: { rows: 1 },
        columns: [
          { header: '単語', key: 'word', width: 16 },
          { header: '意味', key: 'meaning', width: 16 },
          { header: 'クラス平均', key: 'score', width: 10 },
          { header: wordStatusLabels.mastered, key: 'mastered', width: 8 },
          { header: wordStatusLabels.practising, key: 'practising', width: 8 },
          { header: wordStatusLabels.missing, key: 'missing', width: 8 },
          { header: wordStatusLabels.untouched, key: 'untouched', width: 8 },
          { header: 'よく間違える順', key: 'rank', width: 14 },
        ],
      });
      for (const w of r.words)
        words.row({
          word: w.word,
          meaning: w.meaning,
          score: w.classScore === null ? null : Math.round(w.classScore * 10) / 10,
          mastered: w.mastered,
          practising: w.practising,
          missing: w.missing,
          untouched: w.untouched,
          rank: r.mostMissed.includes(w.id) ? r.mostMissed.indexOf(w.id) + 1 : null,
        });
      const body = await book.finish();
      const parts = [klass.name, r.book?.title ?? '', r.part ? `パート${r.part}` : ''];
      return { fileName: fileName('learning-words', parts, at), body, rows: r.students.length + r.words.length };
    },

    'learning-sounds': async (db, task, at) => {
      const { klass, scope } = await scopeOf(db, task.teacherId, task.params);
      const r = await soundReport(db, scope, task.teacherId, at, rangeOf(task.params));
      const book = createXlsx({ at });
      const sounds = book.sheet('音ごと', {
        freeze: { rows: 1 },
        columns: [
          { header: '音', key: 'label', width: 24 },
          { header: 'つまずきやすい点', key: 'hint', width: 28 },
          { header: '判定数', key: 'judged', width: 8 },
          { header: '苦手な判定の割合(%)', key: 'weak', width: 14 },
          { header: '平均', key: 'score', width: 8 },
        ],
      });
      for (const s of r.sounds)
        sounds.row({ label: s.label, hint: s.hint, judged: s.judged, weak: s.weakRate, score: s.score });
      const label = new Map(r.sounds.map((s) => [s.sound, s.label]));
      const heat = book.sheet('苦手な割合(音×子ども)', {
        freeze: { rows: 1, columns: 2 },
        wrapHeader: true,
        columns: [
          { header: '出席番号', key: 'number', width: 9 },
          { header: '氏名', key: 'name', width: 16 },
          { header: '得意な音', key: 'strengths', width: 24 },
          { header: '苦手な音', key: 'weak', width: 24 },
          ...r.sounds.map((s, i) => ({ header: s.label, key: `s${i}`, width: 12 })),
        ],
      });
      for (const st of r.students) {
        const cells = new Map(st.cells.map((c) => [c.sound, c.weakRate]));
        heat.row({
          number: numberCell(st.number),
          name: st.name,
          strengths: st.strengths.map((s) => label.get(s) ?? s).join('、'),
          weak: st.weak.map((s) => label.get(s) ?? s).join('、'),
          ...Object.fromEntries(r.sounds.map((s, i) => [`s${i}`, cells.get(s.sound) ?? null])),
        });
      }
      const body = await book.finish();
      const parts = [klass.name, `${r.range.start_date}〜${r.range.end_date}`];
      return { fileName: fileName('learning-sounds', parts, at), body, rows: r.sounds.length + r.students.length };
    },
  };
}
