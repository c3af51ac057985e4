import {
  learningStatisticsLimits as limits,
  learningStatisticsMessages,
  scoreBands,
  type ProgressAlert,
  type ProgressUnit,
  type UsageUnit,
  type WordStatus,
} from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  bucketStart,
  bucketsOf,
  middleOf,
  monthOf,
  periodOf,
  requestedRange,
  shownStart,
  type DateRange,
} from './period.js';
import * as repo from './repository.js';
import type { MemberRecord, Scope, ScoreBucketRecord, UsageRecord } from './repository.js';
import { practiceMaterials } from './practice.js';
import { soundInfo } from './sounds.js';

/**
 * The computations of the learning statistics (docs/learning-statistics.md): each reads one
 * class's children and their submissions or sound statistics in a period and answers records
 * the presenter names.
 */
const DAY_MS = 86_400_000;

export interface ProgressReport {
  range: DateRange;
  unit: ProgressUnit;
  buckets: { start: string; class: ScoreBucketRecord | null; student: ScoreBucketRecord | null }[];
  students: (MemberRecord & {
    count: number;
    duration: number;
    average: number | null;
    firstHalf: number | null;
    secondHalf: number | null;
    lastAt: Date | null;
    alerts: ProgressAlert[];
  })[];
}

export async function progressReport(
  db: DbOrTx,
  scope: Scope,
  now: Date,
  q: { start_date?: string | undefined; end_date?: string | undefined; unit: ProgressUnit },
): Promise<ProgressReport> {
  const range = requestedRange(now, q);
  const period = periodOf(range);
  const classScope: Scope = { teacherId: scope.teacherId, classId: scope.classId };
  const lastBefore = new Date(Math.min(now.getTime(), period.to.getTime()));
  // One scan of the class's submissions, summed per child and bucket; the class, the child and
  // each child's trend are sums of those cells.
  const [members, cells, last] = await Promise.all([
    repo.classMembers(db, classScope),
    repo.progressCells(db, classScope, period, q.unit, middleOf(period)),
    repo.lastSubmissions(db, classScope, lastBefore),
  ]);
  const sumOf = (rows: repo.ProgressCellRecord[], bucket: string): ScoreBucketRecord | null => {
    if (rows.length === 0) return null;
    const n = (f: (r: repo.ProgressCellRecord) => number) => rows.reduce((x, r) => x + f(r), 0);
    const count = n((r) => r.count);
    const mean = (sum: number, k: number) => (k > 0 ? sum / k : null);
    return {
      bucket,
      count,
      duration: n((r) => r.duration),
      score: mean(
        n((r) => r.score),
        count,
      ),
      accuracy: mean(
        n((r) => r.accuracy),
        n((r) => r.accuracyN),
      ),
      fluency: mean(
        n((r) => r.fluency),
        n((r) => r.fluencyN),
      ),
      integrity: mean(
        n((r) => r.integrity),
        n((r) => r.integrityN),
      ),
    };
  };
  const cellsOf = new Map<string, repo.ProgressCellRecord[]>();
  for (const c of cells) cellsOf.set(c.bucket, [...(cellsOf.get(c.bucket) ?? []), c]);
  const trendOf = new Map<number, { count: number; duration: number; sum: number; firstN: number; first: number }>();
  for (const c of cells) {
    const t = trendOf.get(c.studentId) ?? { count: 0, duration: 0, sum: 0, firstN: 0, first: 0 };
    t.count += c.count;
    t.duration += c.duration;
    t.sum += c.score;
    t.firstN += c.firstN;
    t.first += c.first;
    trendOf.set(c.studentId, t);
  }
  return {
    range,
    unit: q.unit,
    buckets: bucketsOf(range, q.unit).map((b) => {
      const here = cellsOf.get(b) ?? [];
      return {
        start: shownStart(b, range),
        class: sumOf(here, b),
        student:
          scope.studentId === undefined
            ? null
            : sumOf(
                here.filter((c) => c.studentId === scope.studentId),
                b,
              ),
      };
    }),
    students: members.map((m) => {
      const t = trendOf.get(m.id);
      const firstHalf = t && t.firstN > 0 ? t.first / t.firstN : null;
      const secondN = t ? t.count - t.firstN : 0;
      const secondHalf = t && secondN > 0 ? (t.sum - t.first) / secondN : null;
      const lastAt = last.get(m.id) ?? null;
      const alerts: ProgressAlert[] = [];
      if (!lastAt) alerts.push('none_yet');
      else if (lastBefore.getTime() - lastAt.getTime() >= limits.stoppedDays * DAY_MS) alerts.push('stopped');
      if (firstHalf !== null && secondHalf !== null && secondHalf <= firstHalf - limits.dropPoints) alerts.push('drop');
      return {
        ...m,
        count: t?.count ?? 0,
        duration: t?.duration ?? 0,
        average: t && t.count > 0 ? t.sum / t.count : null,
        firstHalf,
        secondHalf,
        lastAt,
        alerts,
      };
    }),
  };
}

const noUsage = (): UsageRecord => ({ homeworkCount: 0, homeworkMs: 0, selfCount: 0, selfMs: 0 });
const addUsage = (u: UsageRecord, c: { homework: boolean; count: number; ms: number }) => {
  if (c.homework) {
    u.homeworkCount += c.count;
    u.homeworkMs += c.ms;
  } else {
    u.selfCount += c.count;
    u.selfMs += c.ms;
  }
};
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export async function usageReport(
  db: DbOrTx,
  scope: Scope,
  now: Date,
  q: { start_date?: string | undefined; end_date?: string | undefined; unit: UsageUnit },
) {
  const range = requestedRange(now, q);
  const period = periodOf(range);
  const classScope: Scope = { teacherId: scope.teacherId, classId: scope.classId };
  // One scan of the class's submissions; the one child's figures are the child's cells.
  const [members, cells] = await Promise.all([
    repo.classMembers(db, classScope),
    repo.usageCells(db, classScope, period),
  ]);
  const inScope = scope.studentId === undefined ? cells : cells.filter((c) => c.studentId === scope.studentId);
  const totals = { ...noUsage(), days: new Set(inScope.map((c) => `${c.studentId}:${c.date}`)).size };
  const byBucket = new Map<string, UsageRecord>();
  const hours = new Map<string, { weekday: number; hour: number; count: number }>();
  for (const c of inScope) {
    addUsage(totals, c);
    const b = bucketStart(c.date, q.unit);
    const u = byBucket.get(b) ?? noUsage();
    addUsage(u, c);
    byBucket.set(b, u);
    const weekday = weekdayOf(c.date);
    const h = hours.get(`${weekday}:${c.hour}`) ?? { weekday, hour: c.hour, count: 0 };
    h.count += c.count;
    hours.set(`${weekday}:${c.hour}`, h);
  }
  const byStudent = new Map<number, UsageRecord & { dates: Set<string> }>();
  for (const c of cells) {
    const u = byStudent.get(c.studentId) ?? { ...noUsage(), dates: new Set<string>() };
    addUsage(u, c);
    u.dates.add(c.date);
    byStudent.set(c.studentId, u);
  }
  // The last submission in the period, per child: the latest cell's date is enough for the table.
  const lastAt = await repo.lastSubmissions(db, classScope, period.to);
  return {
    range,
    unit: q.unit,
    studentCount: scope.studentId === undefined ? members.length : 1,
    totals,
    buckets: bucketsOf(range, q.unit).map((b) => ({ start: shownStart(b, range), ...(byBucket.get(b) ?? noUsage()) })),
    hours: [...hours.values()].sort((x, y) => x.weekday - y.weekday || x.hour - y.hour),
    students: members.map((m) => {
      const r = byStudent.get(m.id);
      const last = lastAt.get(m.id) ?? null;
      return {
        ...m,
        ...(r ?? noUsage()),
        days: r?.dates.size ?? 0,
        lastAt: last && last >= period.from ? last : null,
      };
    }),
  };
}
export type UsageReport = Awaited<ReturnType<typeof usageReport>>;

export const wordStatusOf = (best: number | null): WordStatus =>
  best === null
    ? 'untouched'
    : best >= scoreBands.good
      ? 'mastered'
      : best >= scoreBands.medium
        ? 'practising'
        : 'missing';

export async function wordProgressReport(
  db: DbOrTx,
  scope: Scope,
  now: Date,
  q: {
    book_code?: string | undefined;
    part?: number | undefined;
    start_date?: string | undefined;
    end_date?: string | undefined;
  },
) {
  // Word progress looks at the whole school year by default: a word mastered in April stays mastered.
  const today = requestedRange(now, {}).end_date;
  const yearStart = `${Number(today.slice(0, 4)) - (today.slice(5, 7) < '04' ? 1 : 0)}-04-01`;
  const range = requestedRange(now, {
    start_date: q.start_date ?? (q.end_date ? undefined : yearStart),
    end_date: q.end_date,
  });
  const books = await repo.wordBookList(db);
  const book = q.book_code === undefined ? books[0] : books.find((b) => b.code === q.book_code);
  if (q.book_code !== undefined && !book) throw AppError.notFound();
  const part = q.part ?? 1;
  if (book && part > book.maxPart) throw AppError.badRequest(learningStatisticsMessages.partWrong);
  const [members, words] = await Promise.all([
    repo.classMembers(db, scope),
    book ? repo.partWords(db, book.code, part) : Promise.resolve([]),
  ]);
  const keys = [...new Set(words.map((w) => repo.wordKey(w.word)).filter(Boolean))];
  const best = await repo.bestWordScores(db, scope, periodOf(range), keys);
  const bestOf = new Map(best.map((b) => [`${b.studentId}:${b.word}`, b.best]));
  const students = members.map((m) => {
    const scores = words.map((w) => bestOf.get(`${m.id}:${repo.wordKey(w.word)}`) ?? null);
    const statuses = scores.map(wordStatusOf);
    const n = (s: WordStatus) => statuses.filter((x) => x === s).length;
    return { ...m, scores, mastered: n('mastered'), practising: n('practising'), missing: n('missing') };
  });
  const wordRows = words.map((w, i) => {
    const scores = students.map((s) => s.scores[i] ?? null);
    const read = scores.filter((x): x is number => x !== null);
    const n = (st: WordStatus) => scores.filter((x) => wordStatusOf(x) === st).length;
    return {
      ...w,
      classScore: read.length ? read.reduce((a, b) => a + b, 0) / read.length : null,
      mastered: n('mastered'),
      practising: n('practising'),
      missing: n('missing'),
      untouched: n('untouched'),
    };
  });
  const mostMissed = wordRows
    .filter((w) => w.missing > 0)
    .sort((a, b) => b.missing - a.missing || (a.classScore ?? 100) - (b.classScore ?? 100))
    .slice(0, limits.mostMissed)
    .map((w) => w.id);
  return { range, books, book: book ?? null, part: book ? part : null, words: wordRows, students, mostMissed };
}
export type WordProgressReport = Awaited<ReturnType<typeof wordProgressReport>>;

const rate1 = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);

export async function soundReport(
  db: DbOrTx,
  scope: Scope,
  teacherId: number,
  now: Date,
  q: { start_date?: string | undefined; end_date?: string | undefined },
) {
  const range = requestedRange(now, q);
  const [members, rows] = await Promise.all([
    repo.classMembers(db, scope),
    repo.soundTotals(db, scope, monthOf(range.start_date), monthOf(range.end_date)),
  ]);
  const cell = (r: { sound: string; judged: number; weak: number; scoreSum: number }) => ({
    sound: r.sound,
    judged: r.judged,
    weakRate: rate1(r.weak, r.judged),
    score: r.judged ? Math.round((10 * r.scoreSum) / r.judged) / 10 : 0,
  });
  const enough = (c: { judged: number }) => c.judged >= limits.minJudgements;
  const classTotals = new Map<string, { sound: string; judged: number; weak: number; scoreSum: number }>();
  for (const r of rows) {
    const t = classTotals.get(r.sound) ?? { sound: r.sound, judged: 0, weak: 0, scoreSum: 0 };
    t.judged += r.judged;
    t.weak += r.weak;
    t.scoreSum += r.scoreSum;
    classTotals.set(r.sound, t);
  }
  const sounds = [...classTotals.values()]
    .map(cell)
    // Worst first; sounds judged too few times to say go after the others.
    .sort(
      (a, b) =>
        Number(enough(b)) - Number(enough(a)) ||
        b.weakRate - a.weakRate ||
        a.score - b.score ||
        a.sound.localeCompare(b.sound),
    )
    .map((c) => ({ ...soundInfo(c.sound), ...c }));
  const students = members.map((m) => {
    const cells = rows
      .filter((r) => r.studentId === m.id)
      .map(cell)
      .sort((a, b) => a.sound.localeCompare(b.sound));
    const weak = cells
      .filter((c) => enough(c) && c.weakRate >= 25)
      .sort((a, b) => b.weakRate - a.weakRate || a.score - b.score)
      .slice(0, 3)
      .map((c) => c.sound);
    const strengths = cells
      .filter((c) => enough(c) && c.weakRate < 10 && c.score >= scoreBands.good)
      .sort((a, b) => b.score - a.score || b.judged - a.judged)
      .slice(0, 3)
      .map((c) => c.sound);
    return { ...m, judged: cells.reduce((n, c) => n + c.judged, 0), cells, weak, strengths };
  });
  const worst = sounds
    .filter((s) => s.judged >= limits.minJudgements && s.weakRate > 0)
    .slice(0, limits.practiceSounds)
    .map((s) => s.sound);
  const resources = worst.length ? await practiceMaterials(db, teacherId, worst) : [];
  return { range, sounds, students, practice: { sounds: worst, resources } };
}
export type SoundReport = Awaited<ReturnType<typeof soundReport>>;
