import {
  commentaryLimits,
  correctAnswerWord,
  getCommentary,
  getCommentDraft,
  getHeadquarterHomeworkTopicList,
  getHeadquarterTopicAnswerOverview,
  getHeadquarterTopicAnswerPaper,
  getReadingHomeworkBasicInfo,
  getReadingHomeworkTopicList,
  getReadingTopicAnswerPaper,
  saveCommentDraft,
  getAllTopicOverview,
  getOneTopicOverview,
  getOneTopicQuestionOverview,
  getStudentHomeworkTopicDetails,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  resultsLimits,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { route } from '../../lib/route.js';
import { homeworkReadCache, requireOwnHomework } from '../homework/policy.js';
import { requireOwnHeadquartersHomework } from './policy.js';
import { iso, presentCommentDraft, presentStudent, presentTopic, score1, score1OrNull, classOf } from './presenter.js';
import * as repo from './repository.js';
import * as service from './service.js';

/**
 * The results calls (docs/results.md): every one asks the homework policy first (another
 * teacher's homework, or a deleted one, answers 404), then reads the aggregates.
 */
export function resultsRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; recordingUrl?: service.RecordingUrl },
) {
  const { db, clock } = deps;
  // The homework details and the score matrix: kept per teacher and input until a change of the
  // teacher's homework, children or submissions, or of a homework's state (docs/architecture.md,
  // "Read caches"); a class's results are opened again and again while the children submit.
  const cache = homeworkReadCache(db, clock);
  const recordingUrl = deps.recordingUrl ?? service.noRecordingUrl;
  readingRoutes(app, { db, clock, recordingUrl });

  route(app, getAllTopicOverview, { cache }, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    const [topics, summary] = await Promise.all([
      service.topicList(db, hw.id, hw.assignedCount),
      repo.homeworkSummary(db, hw.id),
    ]);
    const scores = service.homeworkScoresOf(summary.sums, topics.length);
    const unsubmitted = summary.unsubmitted;
    return {
      homework_id: hw.id,
      title: hw.title,
      team: classOf(hw),
      origin_type: hw.originType,
      state: hw.state,
      start_time: iso(hw.startTime),
      end_time: iso(hw.reissueEndTime ?? hw.endTime),
      assigned_count: hw.assignedCount,
      submitted_count: hw.submittedCount,
      average_score: scores.average,
      distribution: scores.distribution,
      topics,
      unsubmitted: unsubmitted.map(presentStudent),
    };
  });

  route(app, getOneTopicOverview, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return service.topicAnswerOverview(db, hw.id, input.topic_id);
  });

  route(app, getOneTopicQuestionOverview, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    const { topic, row } = await service.topicOverview(db, hw.id, input.topic_id);
    const overview = await service.questionOverview(db, teacher, topic, {
      perItem: resultsLimits.hardestWordsPerItem,
      perTopic: resultsLimits.hardestWordsPerTopic,
    });
    return { topic: row, ...overview };
  });

  route(app, getTopicScoreOverviewX, { cache }, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    // The header needs the averages and counts only: topic_progress alone, no best attempts.
    const topics = await repo.topicsWithStats(db, hw.id, { subScores: false });
    return {
      rows: topics.map(({ stats, ...t }) => ({
        ...presentTopic(t),
        average_score: score1OrNull(stats?.average),
        submitted_count: stats?.submitted ?? 0,
      })),
    };
  });

  route(app, getTopicScoreOverviewY, { cache }, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    // One prepared query: the page of children, each with their cells aggregated in PostgreSQL.
    const page = await repo.matrixPage(db, hw.id, { page: input.page, limit: input.limit });
    const total = page[0]?.total ?? (input.page > 1 ? await repo.recipientCount(db, hw.id) : 0);
    return {
      rows: page.map((s) => {
        let submittedTopics = 0;
        let sum = 0;
        const cells = s.cells.map(([topicId, bestScore, practiceCount]) => {
          if (bestScore !== null) {
            submittedTopics += 1;
            sum += bestScore;
          }
          return { topic_id: topicId, best_score: score1OrNull(bestScore), practice_count: practiceCount ?? 0 };
        });
        return {
          ...presentStudent(s),
          submitted: s.submitted,
          cells,
          // The child's homework score, as all-topic-overview counts it (a topic not submitted counts 0).
          average_score: submittedTopics ? score1(sum / Math.max(1, s.cells.length)) : null,
        };
      }),
      total,
      page: input.page,
      limit: input.limit,
    };
  });

  route(app, getStudentHomeworkTopicDetails, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return service.answerPaper(
      db,
      teacher,
      hw.id,
      { topicId: input.topic_id, loginId: input.student_id, attemptId: input.attempt_id },
      recordingUrl,
    );
  });

  route(app, correctAnswerWord, { transaction: true }, async ({ input, teacher, tx }) =>
    service.correctWord(
      tx,
      teacher,
      { attemptId: input.attempt_id, questionId: input.question_id, wordIndex: input.word_index, type: input.type },
      clock.now(),
      recordingUrl,
    ),
  );
}

/**
 * The commentary page's calls (commentary, the comment draft) and the reading and headquarters
 * homework calls (docs/results.md): thin wrappers of the results services, each asking the
 * homework policy first (another teacher's homework, or a deleted one, answers 404).
 */
function readingRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; recordingUrl: service.RecordingUrl }) {
  const { db, clock, recordingUrl } = deps;

  route(app, getCommentary, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    const c = await service.commentary(db, teacher, hw.id, {
      words: commentaryLimits.hardestWords,
      items: commentaryLimits.hardestItems,
      choiceItems: commentaryLimits.wrongChoiceItems,
      choicesPerItem: commentaryLimits.wrongChoicesPerItem,
    });
    return {
      homework_id: hw.id,
      title: hw.title,
      team: classOf(hw),
      start_time: iso(hw.startTime),
      end_time: iso(hw.reissueEndTime ?? hw.endTime),
      assigned_count: hw.assignedCount,
      ...c,
    };
  });

  route(app, getCommentDraft, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return presentCommentDraft(await repo.findCommentDraft(db, teacher.id, hw.id));
  });

  route(app, saveCommentDraft, { transaction: true }, async ({ input, teacher, tx }) => {
    const hw = await requireOwnHomework(tx, teacher, input.homework_id, clock.now());
    const row = await repo.saveCommentDraft(
      tx,
      teacher.id,
      hw.id,
      { visible: input.visible, content: input.content },
      clock.now(),
    );
    return presentCommentDraft(row);
  });

  // Reading homework: any homework of the teacher.
  route(app, getReadingHomeworkBasicInfo, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return {
      homework_id: hw.id,
      title: hw.title,
      team: classOf(hw),
      type: hw.type,
      origin_type: hw.originType,
      state: hw.state,
      start_time: iso(hw.startTime),
      end_time: iso(hw.endTime),
      reissue_end_time: hw.reissueEndTime ? iso(hw.reissueEndTime) : null,
      required_times: hw.requiredTimes,
      topic_count: hw.topicCount,
      assigned_count: hw.assignedCount,
      submitted_count: hw.submittedCount,
      created_at: iso(hw.createdAt),
    };
  });

  route(app, getReadingHomeworkTopicList, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return { rows: await service.topicList(db, hw.id, hw.assignedCount) };
  });

  route(app, getReadingTopicAnswerPaper, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return service.answerPaper(
      db,
      teacher,
      hw.id,
      { topicId: input.topic_id, loginId: input.student_id, attemptId: input.attempt_id },
      recordingUrl,
    );
  });

  // Headquarters homework: only homework of origin headquarters handed to the teacher.
  route(app, getHeadquarterHomeworkTopicList, async ({ input, teacher }) => {
    const hw = await requireOwnHeadquartersHomework(db, teacher, input.homework_id, clock.now());
    return { rows: await service.topicList(db, hw.id, hw.assignedCount) };
  });

  route(app, getHeadquarterTopicAnswerOverview, async ({ input, teacher }) => {
    const hw = await requireOwnHeadquartersHomework(db, teacher, input.homework_id, clock.now());
    return service.topicAnswerOverview(db, hw.id, input.topic_id);
  });

  route(app, getHeadquarterTopicAnswerPaper, async ({ input, teacher }) => {
    const hw = await requireOwnHeadquartersHomework(db, teacher, input.homework_id, clock.now());
    return service.answerPaper(
      db,
      teacher,
      hw.id,
      { topicId: input.topic_id, loginId: input.student_id, attemptId: input.attempt_id },
      recordingUrl,
    );
  });
}
