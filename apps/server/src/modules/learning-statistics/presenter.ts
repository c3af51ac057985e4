import type {
  CallOutput,
  ExerciseType,
  getProgressGraph,
  getSoundInsights,
  getUsageAmount,
  getWordProgress,
} from '@ondoku/contract';
import type { ClassWithCount } from '../classes/index.js';
import type { MemberRecord, ScoreBucketRecord, UsageRecord } from './repository.js';
import type { ProgressReport, SoundReport, UsageReport, WordProgressReport } from './service.js';

/** Every reply of the learning statistics, each field named. Scores with one decimal, instants as ISO text. */
const score1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const presentClass = (c: Pick<ClassWithCount, 'id' | 'name'>) => ({ team_id: c.id, name: c.name });
const presentMember = (m: MemberRecord) => ({ student_id: m.loginId, name: m.name, number: m.number });
const presentStudentRef = (s: { loginId: string; name: string; number: string | null } | null) =>
  s ? { student_id: s.loginId, name: s.name, number: s.number } : null;

const presentPoint = (b: ScoreBucketRecord | null) => ({
  score: score1(b?.score ?? null),
  accuracy: score1(b?.accuracy ?? null),
  fluency: score1(b?.fluency ?? null),
  integrity: score1(b?.integrity ?? null),
  practice_count: b?.count ?? 0,
  duration_ms: Math.round(b?.duration ?? 0),
});

type Klass = Pick<ClassWithCount, 'id' | 'name'>;
type StudentRef = { loginId: string; name: string; number: string | null } | null;

export const presentProgressGraph = (
  r: ProgressReport,
  klass: Klass,
  student: StudentRef,
): CallOutput<typeof getProgressGraph> => ({
  start_date: r.range.start_date,
  end_date: r.range.end_date,
  unit: r.unit,
  team: presentClass(klass),
  student: presentStudentRef(student),
  buckets: r.buckets.map((b) => ({
    start_date: b.start,
    class: presentPoint(b.class),
    student: student ? presentPoint(b.student) : null,
  })),
  students: r.students.map((s) => ({
    ...presentMember(s),
    practice_count: s.count,
    duration_ms: Math.round(s.duration),
    average_score: score1(s.average),
    first_half_score: score1(s.firstHalf),
    second_half_score: score1(s.secondHalf),
    last_at: iso(s.lastAt),
    alerts: s.alerts,
  })),
});

const presentUsage = (u: UsageRecord) => ({
  homework_count: u.homeworkCount,
  homework_ms: Math.round(u.homeworkMs),
  self_count: u.selfCount,
  self_ms: Math.round(u.selfMs),
});

export const presentUsageAmount = (
  r: UsageReport,
  klass: Klass,
  student: StudentRef,
): CallOutput<typeof getUsageAmount> => ({
  start_date: r.range.start_date,
  end_date: r.range.end_date,
  unit: r.unit,
  team: presentClass(klass),
  student: presentStudentRef(student),
  totals: { ...presentUsage(r.totals), practice_days: r.totals.days, student_count: r.studentCount },
  buckets: r.buckets.map((b) => ({ start_date: b.start, ...presentUsage(b) })),
  hours: r.hours.map((h) => ({ weekday: h.weekday, hour: h.hour, count: h.count })),
  students: r.students.map((s) => ({
    ...presentMember(s),
    ...presentUsage(s),
    practice_days: s.days,
    last_at: iso(s.lastAt),
  })),
});

export const presentWordProgress = (r: WordProgressReport, klass: Klass): CallOutput<typeof getWordProgress> => ({
  start_date: r.range.start_date,
  end_date: r.range.end_date,
  team: presentClass(klass),
  books: r.books.map((b) => ({ code: b.code, title: b.title, grade: b.grade, max_part: b.maxPart })),
  book_code: r.book?.code ?? null,
  part: r.part,
  words: r.words.map((w) => ({
    word_id: w.id,
    word: w.word,
    meaning: w.meaning,
    class_score: score1(w.classScore),
    mastered: w.mastered,
    practising: w.practising,
    missing: w.missing,
    untouched: w.untouched,
  })),
  students: r.students.map((s) => ({
    ...presentMember(s),
    mastered: s.mastered,
    practising: s.practising,
    missing: s.missing,
    scores: s.scores.map((x) => score1(x)),
  })),
  most_missed: r.mostMissed,
});

export const presentSoundInsights = (r: SoundReport, klass: Klass): CallOutput<typeof getSoundInsights> => ({
  start_date: r.range.start_date,
  end_date: r.range.end_date,
  team: presentClass(klass),
  sounds: r.sounds.map((s) => ({
    sound: s.sound,
    label: s.label,
    hint: s.hint,
    judged: s.judged,
    weak_rate: s.weakRate,
    score: s.score,
  })),
  students: r.students.map((s) => ({
    ...presentMember(s),
    judged: s.judged,
    strengths: s.strengths,
    weak: s.weak,
    cells: s.cells.map((c) => ({ sound: c.sound, judged: c.judged, weak_rate: c.weakRate, score: c.score })),
  })),
  practice: {
    sounds: r.practice.sounds,
    resources: r.practice.resources.map((m) => ({
      resource_id: m.id,
      title: m.title,
      type: m.type as ExerciseType,
      words: m.words,
    })),
  },
});
