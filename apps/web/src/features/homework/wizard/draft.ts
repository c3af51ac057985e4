import {
  homeworkLimits,
  homeworkMessages,
  homeworkTitle,
  publishHomeworkInput,
  publishTimeIssues,
  requiredTimesField,
  scheduleField,
  wordTestPublish,
  type CallInput,
  type ExerciseType,
  type HomeworkType,
  type publishHomework,
} from '@ondoku/contract';

/**
 * The creation wizard's state (the "form info" of the new-homework selection, docs/homework-web.md,
 * "The wizard"): kept beside the library's selection in sessionStorage, so a reload keeps it until
 * the homework is published or the teacher discards it. Pure functions here; the wizard screen
 * stores it.
 */

/** A chosen library resource (the library selection's entries); a pack's entry has its code as id. */
export interface WizardResource {
  id: number | string;
  title: string;
  type: ExerciseType;
}

export interface WizardPack {
  code: string;
  title: string;
  type: ExerciseType;
  total: number;
}

export interface ChosenStudent {
  student_id: string;
  name: string;
  /** The class the teacher picked the child from (shown in the summary). */
  team_name: string;
}

export interface Recipients {
  team_ids: number[];
  students: ChosenStudent[];
}

export interface WizardDraft {
  type: HomeworkType;
  /** One key per publish: a double click or a retry after a lost reply publishes once. */
  request_key: string;
  title: string;
  recipients: Recipients;
  publish_type: 'now' | 'scheduled';
  /** ISO instants (antd pickers hold dayjs; the form converts). */
  publish_time: string | null;
  end_time: string | null;
  /** As typed (digits); empty = no required count. */
  required_times: string;
  /* periodic */
  schedule: { weekday: number; resource_ids: number[] }[];
  deadline_days: number;
  review_missed: boolean;
  /* word test */
  word_book_code: string | null;
  part_from: number | null;
  part_to: number | null;
  word_count: number | null;
  test_start_time: string | null;
}

export interface Issue {
  /** The form field (and wizard step) it belongs to. */
  path: string;
  message: string;
}

export const wizardSteps: Record<HomeworkType, readonly string[]> = {
  routine: ['内容の確認', '配信先', '配信設定', '確認して配信'],
  periodic: ['配信スケジュール', '配信先', '配信設定', '確認して配信'],
  wordtest: ['単語帳と範囲', '配信先', '配信設定', '確認して配信'],
};

/** Which step shows a field: an issue found at the end sends the teacher back there. */
export function stepOfPath(path: string): number {
  if (['resources', 'schedule', 'word_book_code', 'part_from', 'part_to', 'word_count'].includes(path)) return 1;
  if (path === 'recipients' || path === 'team_ids' || path === 'student_ids') return 2;
  return 3;
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export function emptyDraft(type: HomeworkType): WizardDraft {
  return {
    type,
    request_key: newKey(),
    title: '',
    recipients: { team_ids: [], students: [] },
    publish_type: type === 'periodic' ? 'scheduled' : 'now',
    publish_time: null,
    end_time: null,
    required_times: '',
    schedule: [],
    deadline_days: homeworkLimits.periodicDeadlineDays.default,
    review_missed: false,
    word_book_code: null,
    part_from: null,
    part_to: null,
    word_count: null,
    test_start_time: null,
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The stored form info read field by field; anything malformed falls back to empty. A draft of
 * another variant keeps what both share (title, recipients, times) under a fresh type.
 */
export function parseDraft(raw: unknown, type: HomeworkType): WizardDraft {
  const d = emptyDraft(type);
  if (!isObj(raw)) return d;
  const r = isObj(raw.recipients) ? raw.recipients : {};
  const recipients: Recipients = {
    team_ids: Array.isArray(r.team_ids) ? r.team_ids.filter((x): x is number => typeof x === 'number') : [],
    students: Array.isArray(r.students)
      ? r.students.filter(
          (s): s is ChosenStudent => isObj(s) && typeof s.student_id === 'string' && typeof s.name === 'string',
        )
      : [],
  };
  const shared: WizardDraft = {
    ...d,
    request_key: typeof raw.request_key === 'string' && raw.request_key.length >= 8 ? raw.request_key : d.request_key,
    title: str(raw.title) ?? '',
    recipients,
    end_time: str(raw.end_time),
    required_times: str(raw.required_times) ?? '',
  };
  if (raw.type !== type) return shared;
  return {
    ...shared,
    publish_type: raw.publish_type === 'scheduled' || type === 'periodic' ? 'scheduled' : 'now',
    publish_time: str(raw.publish_time),
    schedule: Array.isArray(raw.schedule)
      ? raw.schedule
          .filter(isObj)
          .map((s) => ({
            weekday: num(s.weekday) ?? -1,
            resource_ids: Array.isArray(s.resource_ids)
              ? s.resource_ids.filter((x): x is number => typeof x === 'number')
              : [],
          }))
          .filter((s) => s.weekday >= 0 && s.weekday <= 6)
      : [],
    deadline_days: num(raw.deadline_days) ?? d.deadline_days,
    review_missed: raw.review_missed === true,
    word_book_code: str(raw.word_book_code),
    part_from: num(raw.part_from),
    part_to: num(raw.part_to),
    word_count: num(raw.word_count),
    test_start_time: str(raw.test_start_time),
  };
}

export type PublishInput = CallInput<typeof publishHomework>;

/** The publish call's input from the draft and the library selection. */
export function buildPublishInput(d: WizardDraft, resources: readonly WizardResource[], pack: WizardPack | null) {
  const base = {
    request_key: d.request_key,
    title: d.title,
    team_ids: d.recipients.team_ids,
    student_ids: d.recipients.students.map((s) => s.student_id),
    end_time: d.end_time ?? '',
    required_times: d.required_times.trim() === '' ? null : d.required_times.trim(),
  };
  if (d.type === 'periodic')
    return {
      homework_type: 'periodic' as const,
      ...base,
      publish_type: 'scheduled' as const,
      publish_time: d.publish_time ?? '',
      schedule: [...d.schedule].sort((a, b) => a.weekday - b.weekday),
      deadline_days: d.deadline_days,
      review_missed: d.review_missed,
    };
  const delivery = {
    publish_type: d.publish_type,
    publish_time: d.publish_type === 'scheduled' ? (d.publish_time ?? '') : null,
  };
  if (d.type === 'wordtest')
    return {
      homework_type: 'wordtest' as const,
      ...base,
      ...delivery,
      word_book_code: d.word_book_code ?? '',
      part_from: d.part_from ?? 0,
      part_to: d.part_to ?? 0,
      word_count: d.word_count ?? 0,
      test_start_time: d.test_start_time ?? '',
    };
  return {
    homework_type: 'routine' as const,
    ...base,
    ...delivery,
    ...(pack ? { pack_code: pack.code } : { resource_ids: resources.map((r) => r.id as number) }),
  };
}

const firstIssue = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? null : (r.error?.issues[0]?.message ?? null);
};

/** The resources a periodic schedule can use: single resources (a pack has no resource ids). */
export const scheduleResources = (resources: readonly WizardResource[]) =>
  resources.filter((r): r is WizardResource & { id: number } => typeof r.id === 'number');

/**
 * The issues of one step (the contract's rules and messages), in field order; step
 * 4 checks everything again and the whole publish input with the contract's schema.
 */
export function stepIssues(
  d: WizardDraft,
  step: number,
  ctx: { resources: readonly WizardResource[]; pack: WizardPack | null; now: Date },
): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string | null) => {
    if (message && !issues.some((i) => i.path === path)) issues.push({ path, message });
  };
  if (step === 1 || step === 4) {
    if (d.type === 'routine') {
      if (!ctx.pack && ctx.resources.length === 0) add('resources', homeworkMessages.resourcesRequired);
      else if (!ctx.pack && ctx.resources.length > homeworkLimits.topicsPerHomework)
        add('resources', homeworkMessages.tooManyTopics);
    } else if (d.type === 'periodic') {
      if (scheduleResources(ctx.resources).length === 0) add('schedule', homeworkMessages.resourcesRequired);
      else add('schedule', firstIssue(scheduleField, d.schedule));
    } else {
      const s = wordTestPublish.shape;
      add('word_book_code', firstIssue(s.word_book_code, d.word_book_code));
      add('part_from', firstIssue(s.part_from, d.part_from));
      add('part_to', firstIssue(s.part_to, d.part_to));
      if (d.part_from !== null && d.part_to !== null && d.part_from > d.part_to)
        add('part_to', homeworkMessages.partRangeWrong);
      add('word_count', firstIssue(s.word_count, d.word_count));
    }
  }
  if ((step === 2 || step === 4) && d.recipients.team_ids.length === 0 && d.recipients.students.length === 0)
    add('recipients', homeworkMessages.recipientsRequired);
  if (step === 3 || step === 4) {
    add('title', firstIssue(homeworkTitle, d.title));
    const scheduled = d.type === 'periodic' || d.publish_type === 'scheduled';
    if (scheduled && !d.publish_time) add('publish_time', homeworkMessages.publishTimeRequired);
    if (d.type === 'wordtest' && !d.test_start_time) add('test_start_time', homeworkMessages.testTimeWrong);
    if (!d.end_time) add('end_time', homeworkMessages.endTimeRequired);
    else if (scheduled && !d.publish_time) {
      if (Date.parse(d.end_time) <= ctx.now.getTime()) add('end_time', homeworkMessages.endTimeWrong);
    } else {
      for (const i of publishTimeIssues(
        {
          homework_type: d.type,
          publish_type: scheduled ? 'scheduled' : 'now',
          publish_time: d.publish_time,
          end_time: d.end_time,
          test_start_time: d.test_start_time ?? undefined,
        },
        ctx.now,
      ))
        add(i.path, i.message);
    }
    if (d.required_times.trim() !== '') add('required_times', firstIssue(requiredTimesField, d.required_times));
  }
  if (step === 4 && issues.length === 0) {
    const r = publishHomeworkInput.safeParse(buildPublishInput(d, ctx.resources, ctx.pack));
    if (!r.success)
      for (const i of r.error.issues) {
        const head = String(i.path[0] ?? 'title');
        add(
          head === 'team_ids' || head === 'student_ids' ? 'recipients' : head === 'resource_ids' ? 'resources' : head,
          i.message,
        );
      }
  }
  return issues;
}

/** Words a part range holds, from word-book-parts. */
export const wordsInRange = (
  parts: readonly { part: number; word_count: number }[],
  from: number | null,
  to: number | null,
) =>
  from === null || to === null
    ? 0
    : parts.filter((p) => p.part >= from && p.part <= to).reduce((n, p) => n + p.word_count, 0);
