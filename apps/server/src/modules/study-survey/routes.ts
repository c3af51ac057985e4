import {
  ErrorCode,
  exportStudentHomeworkReport,
  exportStudentStudyReport,
  getHomeworkSearchFilter2,
  getQuestionAnswerLogs,
  getStudentHomeworkReport,
  getStudentStudyReport,
  getSurveyHomeworkTopicDetails,
  getSurveyHomeworkTopicList,
  messages,
  schoolClock,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { rateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { enqueueTask, presentTaskReply, type DownloadRunner } from '../downloads/index.js';
import { noSignRecording, recordingUrlsFor, type SignRecording } from '../results/index.js';
import { periodRange, referenceTime } from './periods.js';
import { requireReportMailer, requireSurveyStudent, requireSurveyHomework } from './policy.js';
import { homeworkReportTitle, studyReportTitle } from './report-files.js';
import * as service from './service.js';

/**
 * The study survey of one child (docs/study-survey.md): every call asks the policy for the
 * child first (the teacher's own, else 404), then reads only the teacher's homework that went
 * to that child.
 */
export function studySurveyRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; runner: DownloadRunner; limiter: RateLimiter; recordingUrl?: SignRecording },
) {
  const { db, clock, runner, limiter } = deps;
  const recordingUrl = deps.recordingUrl ?? noSignRecording;

  route(app, getHomeworkSearchFilter2, async ({ input, teacher }) => {
    const student = await requireSurveyStudent(db, teacher, input.student_id);
    return service.searchFilter(db, teacher, student, referenceTime(input.date, clock.now()));
  });

  route(app, getSurveyHomeworkTopicList, async ({ input, teacher }) => {
    const student = await requireSurveyStudent(db, teacher, input.student_id);
    const now = clock.now();
    return service.homeworkTopicList(db, teacher, student, now, { ...input, at: referenceTime(input.date, now) });
  });

  route(app, getSurveyHomeworkTopicDetails, async ({ input, teacher }) => {
    const student = await requireSurveyStudent(db, teacher, input.student_id);
    return service.topicDetails(db, teacher, student, input, clock.now());
  });

  route(app, getQuestionAnswerLogs, async ({ input, teacher }) => {
    const student = await requireSurveyStudent(db, teacher, input.student_id);
    return service.answerLogs(db, teacher, student, input, clock.now(), recordingUrlsFor(recordingUrl, teacher));
  });

  route(app, getStudentStudyReport, async ({ input, teacher }) => {
    const student = await requireSurveyStudent(db, teacher, input.student_id);
    const now = clock.now();
    const { reply } = await service.studyReport(
      db,
      teacher,
      student,
      { period: input.period, at: referenceTime(input.date, now) },
      now,
    );
    return reply;
  });

  route(app, getStudentHomeworkReport, async ({ input, teacher }) => {
    const student = await requireSurveyStudent(db, teacher, input.student_id);
    return service.homeworkReport(db, teacher, student, input.homework_id, clock.now());
  });

  /** A report mailed to an address: not for the guest; counts against the mail limits. */
  async function mailAllowed(teacher: ActingTeacher, email: string | undefined) {
    if (!email) return null;
    requireReportMailer(teacher);
    const to = email.toLowerCase();
    const { over } = await limiter.hit(rateLimits.mailForTeacher(teacher.id), rateLimits.mailToEmail(to));
    if (over) throw new AppError(ErrorCode.MAIL_RATE_LIMITED, messages.mailRateLimited);
    return to;
  }

  /** The school day of an instant, as a task keeps it (a retry next month still makes the period asked for). */
  const dayOf = (at: Date) => {
    const c = schoolClock(at);
    return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
  };

  // The runner must see the committed task: it is woken once the transaction committed.
  route(app, exportStudentStudyReport, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const now = clock.now();
    const student = await requireSurveyStudent(tx, teacher, input.student_id);
    const email = await mailAllowed(teacher, input.email);
    const date = input.date ?? dayOf(now);
    const range = periodRange(input.period, referenceTime(date, now));
    const task = await enqueueTask(
      tx,
      teacher.id,
      {
        kind: 'student-study-report',
        params: { student_id: student.id, period: input.period, date, ...(email ? { email } : {}) },
        title: studyReportTitle(student, `${range.label}（${range.name}）`),
      },
      now,
    );
    afterCommit(() => runner.kick());
    return presentTaskReply(task, { email });
  });

  route(app, exportStudentHomeworkReport, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const now = clock.now();
    const student = await requireSurveyStudent(tx, teacher, input.student_id);
    const hw = await requireSurveyHomework(tx, teacher, student, input.homework_id, now);
    const email = await mailAllowed(teacher, input.email);
    const task = await enqueueTask(
      tx,
      teacher.id,
      {
        kind: 'student-homework-report',
        params: { student_id: student.id, homework_id: hw.id, ...(email ? { email } : {}) },
        title: homeworkReportTitle(student, hw.title),
      },
      now,
    );
    afterCommit(() => runner.kick());
    return presentTaskReply(task, { email });
  });
}
