import {
  getLearnStudentInfo,
  getPracticeHistory,
  getSelfPracticeContent,
  getSelfPracticeList,
  getStudentEvaluationService,
  getStudentHomeworkList,
  getStudentTopicContent,
  getStudentTopicResult,
  studentJoinClass,
  studentLogin,
  studentLogout,
  studentPassCardLogin,
  submitSelfPractice,
  submitTopic,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ServerEvents } from '../../lib/events.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import { issueStudentEvaluationUrl } from '../evaluation/index.js';
import { joinClassByCode } from '../students/index.js';
import { presentJoinedClass, presentLearnSession, presentStudentInfo, presentSubmitReply } from './presenter.js';
import * as service from './service.js';
import { signInStudent, signInWithCard } from './sign-in.js';
import type { LearnStudentRecord } from './student-repository.js';
import { submitSelfPracticeAs, submitTopicAs } from './submit.js';
import { revokeStudentToken } from './token-repository.js';

/** The students' side (docs/learn.md): children's sign-in, homework, practice and submissions. */
export function learnRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    limiter: RateLimiter;
    cipher: PasswordCipher;
    clock: Clock;
    /** Submissions tell these (a homework done: the teacher's notice, wired in app.ts). */
    events: Pick<ServerEvents, 'homeworkSubmitted'>;
  },
) {
  const { db, limiter, cipher, clock, events } = deps;

  const session = async (r: { student: LearnStudentRecord; token: string }) =>
    presentLearnSession(r.token, r.student, await service.classesOfStudent(db, r.student));

  route(app, studentLogin, async ({ input, request }) =>
    session(await signInStudent(db, limiter, input.student_id, cipher.decrypt(input.password), request.ip)),
  );

  route(app, studentPassCardLogin, async ({ input, request }) =>
    session(await signInWithCard(db, limiter, cipher, input.key, request.ip)),
  );

  route(app, studentLogout, async ({ student }) => {
    await revokeStudentToken(db, student.tokenId);
    return null;
  });

  route(app, getLearnStudentInfo, async ({ student }) => presentStudentInfo(await service.studentInfo(db, student)));

  route(app, getStudentHomeworkList, async ({ student, input }) =>
    service.homeworkList(db, student, clock.now(), input.state),
  );

  route(app, getStudentTopicContent, async ({ student, input }) =>
    service.topicContent(db, student, input.homework_id, input.topic_id, clock.now()),
  );

  // The socket stores each result under its sid with this child (modules/evaluation); submissions name them.
  route(app, getStudentEvaluationService, async ({ student, request }) =>
    issueStudentEvaluationUrl({ secure: request.protocol === 'https', host: request.host }, student, app),
  );

  route(app, submitTopic, { transaction: true }, async ({ student, input, tx }) =>
    presentSubmitReply(await submitTopicAs(tx, student, input, { clock, events })),
  );

  route(app, getStudentTopicResult, async ({ student, input }) =>
    service.topicResult(db, student, input.homework_id, input.topic_id),
  );

  route(app, getPracticeHistory, async ({ student, input }) =>
    service.practiceHistory(db, student, input.page, input.limit),
  );

  route(app, getSelfPracticeList, async ({ student, input }) => service.selfPracticeList(db, student, input));

  route(app, getSelfPracticeContent, async ({ student, input }) =>
    service.selfPracticeContent(db, student, input.resource_id),
  );

  route(app, submitSelfPractice, { transaction: true }, async ({ student, input, tx }) =>
    presentSubmitReply(await submitSelfPracticeAs(tx, student, input, clock)),
  );

  route(app, studentJoinClass, async ({ student, input }) => {
    const r = await joinClassByCode(db, limiter, student.id, input.code);
    return presentJoinedClass(r);
  });
}
