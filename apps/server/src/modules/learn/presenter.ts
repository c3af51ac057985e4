import type {
  LearnContent,
  LearnHomeworkRow,
  LearnHomeworkState,
  LearnItem,
  LearnStudent,
  LearnSubmitReply,
} from '@ondoku/contract';
import type { StudentHomework, ProgressRecord, TopicRecord } from './homework-repository.js';
import { categoryOf, presentedType, type Material } from './content.js';
import type { SubmitResult } from './submit.js';
import type { LearnStudentRecord } from './student-repository.js';
import { startOf } from './policy.js';

/** Names every field a child's app receives; right answers, scripts and teacher notes never leave. */

export const presentLearnStudent = (
  s: LearnStudentRecord,
  classes: { classId: number; name: string }[],
): LearnStudent => ({
  student_id: s.loginId,
  name: s.name,
  furigana: s.furigana,
  grade_name: s.gradeName,
  teams: classes.map((c) => ({ team_id: c.classId, name: c.name })),
});

export const presentLearnSession = (
  token: string,
  s: LearnStudentRecord,
  classes: { classId: number; name: string }[],
) => ({ token, student: presentLearnStudent(s, classes) });

/** The child's state of a homework at `now`. */
export const studentState = (h: StudentHomework, now: Date): LearnHomeworkState =>
  h.doneAt ? 'done' : now < h.deadline ? 'open' : 'overdue';

export const presentHomeworkRow = (
  h: StudentHomework,
  topics: TopicRecord[],
  progress: Map<number, ProgressRecord>,
  now: Date,
): LearnHomeworkRow => ({
  homework_id: h.id,
  title: h.title,
  homework_type: h.type,
  start_time: startOf(h).toISOString(),
  end_time: h.deadline.toISOString(),
  state: studentState(h, now),
  required_times: h.requiredTimes,
  reissued: h.reissued,
  topics: topics.map((t) => {
    const p = progress.get(t.id);
    return {
      topic_id: t.id,
      title: t.title,
      type: presentedType(t.type),
      resource_id: t.resourceId,
      item_count: t.itemCount,
      practice_count: p?.practiceCount ?? 0,
      best_score: p?.bestScore ?? null,
    };
  }),
});

/** An item as the child practises it: the preview shape without `correct`, script and note, with its category. */
const presentItem = (item: Material['items'][number], storedType: string): LearnItem => ({
  index: item.index,
  screen_text: item.screen_text,
  screen_text_translation: item.screen_text_translation,
  screen_pic: item.screen_pic,
  audio_file: item.audio_file,
  ...(item.ipa !== undefined ? { ipa: item.ipa } : {}),
  ...(item.example !== undefined ? { example: item.example } : {}),
  ...(item.role !== undefined ? { role: item.role } : {}),
  ...(item.wait_items ? { wait_items: item.wait_items } : {}),
  ...(item.questions ? { questions: item.questions } : {}),
  ...(item.answers
    ? {
        answers: item.answers.map((a) => ({
          index: a.index,
          content: a.content,
          type: a.type,
          ...(a.alt !== undefined ? { alt: a.alt } : {}),
        })),
      }
    : {}),
  category: categoryOf(storedType),
});

export const presentContent = (
  m: Material,
  progress: { practiceCount: number; bestScore: number | null },
): LearnContent => ({
  title: m.title,
  type: m.type,
  full_text: m.fullText,
  items: m.items.map((it) => presentItem(it, m.storedType)),
  practice_count: progress.practiceCount,
  best_score: progress.bestScore,
});

export const presentSubmitReply = (r: SubmitResult): LearnSubmitReply => ({
  attempt_id: r.attemptId,
  score: r.score,
  total_score: r.score,
  ...(r.accuracy !== null ? { accuracy_score: r.accuracy } : {}),
  ...(r.fluency !== null ? { fluency_score: r.fluency } : {}),
  ...(r.integrity !== null ? { integrity_score: r.integrity } : {}),
  practice_count: r.practiceCount,
  best_score: r.bestScore,
  homework_done: r.homeworkDone,
  items: r.items.map((i) => ({
    question_id: i.questionId,
    score: i.score,
    correct: i.correct,
    correct_answer: i.correctAnswer,
    words: i.words,
    evaluate_html: i.evaluateHtml,
  })),
});

export const presentHistoryRow = (r: {
  id: number;
  homeworkId: number | null;
  homeworkTitle: string | null;
  topicId: number | null;
  topicTitle: string | null;
  resourceId: number | null;
  resourceTitle: string | null;
  type: string;
  score: number;
  createdAt: Date;
}) => ({
  attempt_id: r.id,
  homework_id: r.homeworkId,
  homework_title: r.homeworkTitle,
  topic_id: r.topicId,
  resource_id: r.resourceId,
  title: r.topicTitle ?? r.resourceTitle ?? '',
  type: presentedType(r.type),
  score: r.score,
  created_at: r.createdAt.toISOString(),
});

/** The signed-in student's information (`{ student }`). */
export const presentStudentInfo = <S>(student: S) => ({ student });

/** A class joined by its code (or already joined). */
export const presentJoinedClass = (r: { classId: number; name: string; joined: boolean }) => ({
  team_id: r.classId,
  name: r.name,
  joined: r.joined,
});
