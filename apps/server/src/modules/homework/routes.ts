import {
  changeHomework,
  checkDefineTimes,
  delayHomework,
  delayPeriodicPlan,
  deleteHomework,
  deletePeriodicPlan,
  editPeriodicPlan,
  getHomeworkClassRows,
  getHomeworkDetail,
  getMyHomeworkPageList,
  getPeriodicPlanDetail,
  getPeriodicPlanList,
  getRegularRecommendNames,
  getReissueDetails,
  getReissueList,
  getStudentListByClass,
  publishHomework,
  publishTimeIssues,
  weekdayLabels,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { presentPage, presentRows } from '../../lib/present.js';
import { route } from '../../lib/route.js';
import { listClasses } from '../classes/index.js';
import { requireOwnClass } from '../classes/policy.js';
import { listClassStudents } from '../students/index.js';
import { delayPlan, deletePlan, editPlan, listPlans, planDetail } from './plans.js';
import { requireOwnHomework, requireOwnPlan, requireOwnReissue } from './policy.js';
import { homeworkReadCache } from './read-caches.js';
import {
  presentHomework,
  presentHomeworkClass,
  presentHomeworkStudent,
  presentPlan,
  presentPlanDetail,
  presentHomeworkDetail,
  presentNames,
  presentReissue,
  presentReissued,
  presentReissueDetails,
  presentServerTime,
} from './presenter.js';
import { listReissues, reissueStudents } from './reissues.js';
import { listTeacherHomework, topicsOf } from './repository.js';
import * as service from './service.js';

/** The homework calls: the list and its actions, publishing, periodic plans, reissues, and the pickers. */
export function homeworkRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  // Kept per teacher and filter until a change of their homework, classes or topics, or the next
  // change of state (docs/architecture.md, "Read caches"): a teacher comes back to this list often.
  route(app, getMyHomeworkPageList, { cache: homeworkReadCache(db, clock) }, async ({ input, teacher }) => {
    const { rows, total } = await listTeacherHomework(
      db,
      teacher.id,
      {
        page: input.page,
        limit: input.limit,
        sortField: input.sort_field,
        sortOrder: input.sort_order,
        searchTitle: input.search_title || undefined,
        searchType: input.search_type,
        classId: input.team_id,
        homeworkType: input.homework_type,
        originType: input.origin_type,
        state: input.finish_type,
        hasRequiredTimes: input.has_required_times,
        hasDelay: input.has_delay,
        startDate: input.start_time,
        endDate: input.end_time,
      },
      clock.now(),
    );
    return presentPage(rows.map(presentHomework), total, input);
  });

  route(app, getHomeworkDetail, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return presentHomeworkDetail(hw, await topicsOf(db, hw.id));
  });

  route(app, publishHomework, { transaction: true }, async ({ input, teacher, tx }) =>
    service.publishHomework(tx, teacher, input, clock.now()),
  );

  route(app, checkDefineTimes, async ({ input }) => {
    const now = clock.now();
    const issue = publishTimeIssues(input, now)[0];
    if (issue) throw AppError.badRequest(issue.message);
    return presentServerTime(now);
  });

  route(app, changeHomework, { transaction: true }, async ({ input, teacher, tx }) => {
    const now = clock.now();
    const hw = await requireOwnHomework(tx, teacher, input.homework_id, now);
    await service.changeHomework(tx, hw, { title: input.title, endTime: new Date(input.end_time) }, now);
    return presentHomework(await requireOwnHomework(tx, teacher, hw.id, now));
  });

  route(app, deleteHomework, { transaction: true }, async ({ input, teacher, tx }) => {
    const now = clock.now();
    await service.deleteHomework(tx, await requireOwnHomework(tx, teacher, input.homework_id, now), now);
    return null;
  });

  route(app, delayHomework, { transaction: true }, async ({ input, teacher, tx }) => {
    const now = clock.now();
    const hw = await requireOwnHomework(tx, teacher, input.homework_id, now);
    const r = await service.reissueHomework(tx, teacher, hw, now);
    return presentReissued(r);
  });

  route(app, getRegularRecommendNames, async ({ input, teacher }) => {
    const now = clock.now();
    const className = input.team_id ? (await requireOwnClass(db, teacher, input.team_id)).name : null;
    const days = input.weekdays ? [...new Set(input.weekdays.split(',').map(Number))].sort() : [];
    const month = Number(new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(5, 7));
    const dayText = days.length ? `${days.map((d) => weekdayLabels[d]).join('・')}曜日` : '毎週';
    const names = [
      className ? `${className} ${dayText}の宿題` : `${dayText}の宿題`,
      `${month}月の定期宿題`,
      `${dayText}の音読練習`,
      className ? `${className} ${month}月の音読` : `${month}月の音読`,
      '毎週の単語練習',
    ];
    return presentNames(names);
  });

  /* Periodic plans */

  route(app, getPeriodicPlanList, async ({ input, teacher }) => {
    const { rows, total } = await listPlans(db, teacher.id, {
      page: input.page,
      limit: input.limit,
      searchTitle: input.search_title || undefined,
    });
    return presentPage(rows.map(presentPlan), total, input);
  });

  route(app, getPeriodicPlanDetail, async ({ input, teacher }) =>
    presentPlanDetail(await planDetail(db, await requireOwnPlan(db, teacher, input.plan_id))),
  );

  route(app, editPeriodicPlan, { transaction: true }, async ({ input, teacher, tx }) => {
    const plan = await requireOwnPlan(tx, teacher, input.plan_id, { lock: true });
    await editPlan(
      tx,
      teacher,
      plan,
      {
        title: input.title,
        endTime: new Date(input.end_time),
        schedule: input.schedule,
        deadlineDays: input.deadline_days,
        requiredTimes: input.required_times ?? null,
        reviewMissed: input.review_missed,
      },
      clock.now(),
    );
    return presentPlanDetail(await planDetail(tx, await requireOwnPlan(tx, teacher, plan.id)));
  });

  route(app, delayPeriodicPlan, { transaction: true }, async ({ input, teacher, tx }) => {
    const plan = await requireOwnPlan(tx, teacher, input.plan_id, { lock: true });
    await delayPlan(tx, plan, input.distributions, clock.now());
    return presentPlanDetail(await planDetail(tx, await requireOwnPlan(tx, teacher, plan.id)));
  });

  route(app, deletePeriodicPlan, { transaction: true }, async ({ input, teacher, tx }) => {
    await deletePlan(tx, await requireOwnPlan(tx, teacher, input.plan_id, { lock: true }), clock.now());
    return null;
  });

  /* Reissues */

  route(app, getReissueList, async ({ input, teacher }) => {
    const { rows, total } = await listReissues(
      db,
      teacher.id,
      { page: input.page, limit: input.limit, searchTitle: input.search_title || undefined },
      clock.now(),
    );
    return presentPage(rows.map(presentReissue), total, input);
  });

  route(app, getReissueDetails, async ({ input, teacher }) => {
    const r = await requireOwnReissue(db, teacher, input.id, clock.now());
    return presentReissueDetails(r, await reissueStudents(db, r.id));
  });

  /* Pickers */

  // Hidden classes are not offered for new homework.
  route(app, getHomeworkClassRows, async ({ teacher }) =>
    presentRows((await listClasses(db, teacher.id, { includeHidden: false })).map(presentHomeworkClass)),
  );

  route(app, getStudentListByClass, async ({ input, teacher }) => {
    await requireOwnClass(db, teacher, input.team_id);
    return presentRows((await listClassStudents(db, teacher.id, input.team_id)).map(presentHomeworkStudent));
  });
}
