import type { HomeworkRow } from '@ondoku/contract';
import type { ClassWithCount } from '../classes/index.js';
import type { StudentRecord } from '../students/index.js';
import type { HomeworkRecord } from './repository.js';

/** Names every field the web app receives about homework and the classes it is handed out to. */
export const presentHomework = (h: HomeworkRecord): HomeworkRow => ({
  homework_id: h.id,
  title: h.title,
  type: h.type,
  origin_type: h.originType,
  required_times: h.requiredTimes,
  has_delay: h.hasDelay,
  start_time: h.startTime.toISOString(),
  end_time: h.endTime.toISOString(),
  created_at: h.createdAt.toISOString(),
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
