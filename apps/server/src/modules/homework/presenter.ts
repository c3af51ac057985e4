import type { HomeworkRow, PlanDetail, PlanRow, ReissueRow } from '@ondoku/contract';
import type { ClassWithCount } from '../classes/index.js';
import type { StudentRecord } from '../students/index.js';
import type { planDetail, PlanView } from './plans.js';
import type { HomeworkView } from './repository.js';
import type { ReissueView } from './reissues.js';

/** Names every field the web app receives about homework, plans, reissues and the pickers. */
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const presentHomework = (h: HomeworkView): HomeworkRow => ({
  homework_id: h.id,
  title: h.title,
  team: h.classId !== null && h.className !== null ? { team_id: h.classId, name: h.className } : null,
  type: h.type,
  origin_type: h.originType,
  required_times: h.requiredTimes,
  has_delay: h.hasDelay,
  state: h.state,
  start_time: iso(h.startTime),
  end_time: iso(h.endTime),
  reissue_end_time: isoOrNull(h.reissueEndTime),
  test_start_time: isoOrNull(h.testStartTime),
  plan_id: h.planId,
  topic_count: h.topicCount,
  assigned_count: h.assignedCount,
  submitted_count: h.submittedCount,
  created_at: iso(h.createdAt),
});

export const presentTopic = (t: {
  id: number;
  position: number;
  resourceId: number | null;
  title: string;
  type: string;
  itemCount: number;
}) => ({
  topic_id: t.id,
  position: t.position,
  resource_id: t.resourceId,
  title: t.title,
  type: t.type as never,
  item_count: t.itemCount,
});

export const presentWordTest = (h: HomeworkView) =>
  h.wordTest && h.testStartTime ? { ...h.wordTest, test_start_time: iso(h.testStartTime) } : null;

export const presentPlan = (v: PlanView): PlanRow => ({
  plan_id: v.plan.id,
  title: v.plan.title,
  classes: v.classes,
  student_ids: v.studentLoginIds,
  weekdays: v.weekdays,
  start_time: iso(v.plan.startTime),
  end_time: iso(v.plan.endTime),
  deadline_days: v.plan.deadlineDays,
  required_times: v.plan.requiredTimes,
  review_missed: v.plan.reviewMissed,
  state: v.state,
  made_count: v.madeCount,
  total_count: v.madeCount + v.pending.length,
  next_distribution_time: v.pending[0] ? iso(v.pending[0]) : null,
  created_at: iso(v.plan.createdAt),
});

export const presentPlanDetail = (d: Awaited<ReturnType<typeof planDetail>>): PlanDetail => ({
  ...presentPlan(d.view),
  schedule: d.schedule.map((s) => ({
    weekday: s.weekday,
    resources: s.resources.map((r) => ({ ...r, type: r.type as never })),
  })),
  distributions: d.distributions.map((x) => ({
    date: x.date,
    start_time: iso(x.startTime),
    end_time: iso(x.endTime),
    status: x.status,
    homework_ids: x.homeworkIds,
  })),
});

export const presentReissue = (r: ReissueView): ReissueRow => ({
  reissue_id: r.id,
  homework_id: r.homeworkId,
  title: r.title,
  team: r.classId !== null && r.className !== null ? { team_id: r.classId, name: r.className } : null,
  type: r.type,
  previous_end_time: iso(r.previousEndTime),
  end_time: iso(r.endTime),
  state: r.endTime > r.now ? 'open' : 'finished',
  student_count: r.studentCount,
  submitted_count: r.submittedCount,
  created_at: iso(r.createdAt),
});

/** A class homework can be handed out to. */
export const presentHomeworkClass = (c: ClassWithCount) => ({
  team_id: c.id,
  name: c.name,
  student_count: c.studentCount,
});

/** A student homework can be handed out to. */
export const presentHomeworkStudent = (s: StudentRecord) => ({
  student_id: s.loginId,
  name: s.name,
  furigana: s.furigana,
  number: s.number,
});

/** One homework with its topics and its word test, as the detail page shows it. */
export const presentHomeworkDetail = (h: HomeworkView, topics: Parameters<typeof presentTopic>[0][]) => ({
  ...presentHomework(h),
  topics: topics.map(presentTopic),
  word_test: presentWordTest(h),
});

/** The server's time, for the publishing form's checks. */
export const presentServerTime = (now: Date) => ({ server_time: iso(now) });

/** A reissue just made: its id, its end and how many students it went to. */
export const presentReissued = (r: { reissueId: number; endTime: Date; studentCount: number }) => ({
  reissue_id: r.reissueId,
  end_time: iso(r.endTime),
  student_count: r.studentCount,
});

/** Suggested names, each once. */
export const presentNames = (names: string[]) => ({ names: [...new Set(names)] });

/** A reissue with the students it went to. */
export const presentReissueDetails = <S>(r: ReissueView, students: S[]) => ({ ...presentReissue(r), students });
