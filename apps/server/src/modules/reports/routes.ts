import { getClassReport, getStudentReport } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { requireReportClass, requireReportStudent } from './policy.js';
import { presentClassReport, presentStudentReport } from './presenter.js';
import { recordingUrlsFor, type SignRecording } from '../results/index.js';
import { classReport, reportPeriod, studentReport } from './service.js';

/** A child's and a class's term (docs/rankings.md, "Reports"). */
export function reportRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; recordingUrl: SignRecording },
) {
  const { db, clock, recordingUrl } = deps;

  route(app, getStudentReport, async ({ input, teacher }) => {
    const student = await requireReportStudent(db, teacher, input.student_id);
    const period = reportPeriod(input, clock.now());
    const data = await studentReport(db, teacher.id, student, period);
    return presentStudentReport(student, period, data, recordingUrlsFor(recordingUrl, teacher));
  });

  route(app, getClassReport, async ({ input, teacher }) => {
    const cls = await requireReportClass(db, teacher, input.team_id);
    const period = reportPeriod(input, clock.now());
    return presentClassReport(cls, period, await classReport(db, teacher.id, cls.id, period));
  });
}
