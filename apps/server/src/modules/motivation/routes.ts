import { encourageStudents, getMotivationList, getStudentAchievementPageList } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { rankingPeriod } from '../rankings/index.js';
import { requireAchievementClass, requireRecipients } from './policy.js';
import { presentAchievementPage, presentSent, presentStamps } from './presenter.js';
import { insertEncouragements } from './repository.js';
import { classAchievements } from './service.js';

/** Achievements and encouragement (docs/rankings.md, "Encouragement"). */
export function motivationRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  route(app, getMotivationList, async () => presentStamps());

  route(app, getStudentAchievementPageList, async ({ input, teacher }) => {
    const cls = await requireAchievementClass(db, teacher, input.team_id);
    const period = rankingPeriod(input, clock.now());
    const rows = await classAchievements(db, teacher.id, cls.id, period, input.filter);
    return presentAchievementPage(rows, period.ref, input);
  });

  route(app, encourageStudents, { transaction: true }, async ({ input, teacher, tx }) => {
    const recipients = await requireRecipients(
      tx,
      teacher,
      input.team_id,
      input.is_all ? 'all' : (input.student_ids ?? []),
    );
    const count = await insertEncouragements(
      tx,
      teacher.id,
      recipients.map((r) => r.id),
      { body: input.encourage ?? '', motivationIds: input.motivation_ids },
      clock.now(),
    );
    return presentSent(count);
  });
}
