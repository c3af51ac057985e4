import {
  getIntegralRankingExport,
  getRankingSettings,
  getStudentRanking,
  getIntegralRules,
  exportIntegralRanking,
  getExerciseCountRanking,
  getExerciseScoreRanking,
  getIntegralRanking,
  getRecordDurationRanking,
  type RankingKind,
  saveRankingSettings,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { route } from '../../lib/route.js';
import { listClasses } from '../classes/index.js';
import { enqueueTask, presentTaskReply, type DownloadRunner } from '../downloads/index.js';
import { rankingTaskTitle } from './export-file.js';
import { rankingPeriod } from './period.js';
import { rankingReadCache } from './read-caches.js';
import {
  requireExportClasses,
  requireRankingClass,
  requireSettingsClass,
  requireStudentRankingClass,
} from './policy.js';
import {
  presentExport,
  presentRankingPage,
  presentRuleList,
  presentSettings,
  presentStudentRanking,
} from './presenter.js';
import { saveSettings, settingsOf } from './repository.js';
import { studentView, rankClass } from './service.js';

type RankingInput = z.output<typeof getExerciseCountRanking.input>;

/** The four rankings, the privacy choices, the printable integral ranking, the children's view (docs/rankings.md). */
export function rankingRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; runner: DownloadRunner }) {
  const { db, clock, runner } = deps;

  // No transaction: the two periods are read at once on two connections; replies are kept until
  // the teacher's data changes or the period rolls over (read-caches.ts).
  const ranking =
    <K extends RankingKind>(kind: K) =>
    async ({ input, teacher }: { input: RankingInput; teacher: ActingTeacher }) => {
      const cls = await requireRankingClass(db, teacher, input.team_id);
      const period = rankingPeriod(input, clock.now());
      const rows = await rankClass(db, teacher.id, cls.id, kind, period);
      return presentRankingPage(kind, cls, period.ref, rows, input);
    };
  const cache = rankingReadCache(clock);
  route(app, getExerciseCountRanking, { cache }, ranking('exercise_count'));
  route(app, getExerciseScoreRanking, { cache }, ranking('exercise_score'));
  route(app, getRecordDurationRanking, { cache }, ranking('record_duration'));
  route(app, getIntegralRanking, { cache }, ranking('integral'));

  route(app, getIntegralRules, async () => presentRuleList());

  route(app, getRankingSettings, async ({ input, teacher }) => {
    const cls = await requireRankingClass(db, teacher, input.team_id);
    return presentSettings(cls.id, await settingsOf(db, cls.id));
  });

  route(app, saveRankingSettings, { transaction: true }, async ({ input, teacher, tx }) => {
    const cls = await requireSettingsClass(tx, teacher, input.team_id);
    const saved = await saveSettings(
      tx,
      teacher.id,
      cls.id,
      { visibility: input.visibility, topN: input.top_n, hideNames: input.hide_names === 1 },
      clock.now(),
    );
    return presentSettings(cls.id, saved);
  });

  route(app, getIntegralRankingExport, { transaction: 'repeatable read' }, async ({ input, teacher, tx }) => {
    const chosen = input.team_ids
      ? await requireExportClasses(tx, teacher, input.team_ids)
      : await listClasses(tx, teacher.id, { includeHidden: false });
    const period = rankingPeriod(input, clock.now());
    const ranked = [];
    for (const cls of chosen) ranked.push({ cls, rows: await rankClass(tx, teacher.id, cls.id, 'integral', period) });
    return presentExport(period.ref, ranked);
  });

  // The runner must see the committed task: it is woken once the transaction committed.
  route(app, exportIntegralRanking, { transaction: true }, async ({ input, teacher, tx, afterCommit }) => {
    const now = clock.now();
    const chosen = input.team_ids
      ? await requireExportClasses(tx, teacher, input.team_ids)
      : await listClasses(tx, teacher.id, { includeHidden: false });
    const period = rankingPeriod(input, now);
    const task = await enqueueTask(
      tx,
      teacher.id,
      {
        kind: 'integral-ranking',
        params: {
          ranking: {
            team_ids: chosen.map((c) => c.id),
            period: input.period,
            ...(input.start_time ? { start_time: input.start_time } : {}),
            ...(input.end_time ? { end_time: input.end_time } : {}),
            at: now.toISOString(),
          },
        },
        title: rankingTaskTitle(
          chosen.map((c) => c.name),
          period,
        ),
      },
      now,
    );
    afterCommit(() => runner.kick());
    return presentTaskReply(task);
  });

  route(app, getStudentRanking, { transaction: 'repeatable read' }, async ({ input, student, tx }) => {
    const { classes, chosen } = await requireStudentRankingClass(tx, student, input.team_id);
    if (!chosen) return presentStudentRanking(classes, null, input.kind, null, null);
    const period = rankingPeriod({ period: input.period }, clock.now());
    const settings = await settingsOf(tx, chosen.id);
    const rows =
      settings && settings.visibility !== 'none'
        ? await rankClass(tx, chosen.teacherId, chosen.id, input.kind, period)
        : [];
    return presentStudentRanking(classes, chosen, input.kind, period.ref, studentView(rows, settings, student.id));
  });
}
