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
import { presentRows } from '../../lib/present.js';
import { route } from '../../lib/route.js';
import { requireOwnHomework } from '../homework/policy.js';
import { requireOwnHeadquartersHomework } from './policy.js';
import {
  presentAllTopicOverview,
  presentCommentary,
  presentCommentDraft,
  presentMatrixHeader,
  presentMatrixPage,
  presentQuestionOverview,
  presentReadingBasicInfo,
} from './presenter.js';
import { resultsReadCache } from './read-caches.js';
import * as repo from './repository.js';
import * as service from './service.js';

/**
 * The results calls (docs/results.md): every one asks the homework policy first (another
 * teacher's homework, or a deleted one, answers 404), then reads the aggregates.
 */
export function resultsRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; recordingUrl?: service.SignRecording },
) {
  const { db, clock } = deps;
  // The homework details and the score matrix: kept per teacher and input until a change of the
  // teacher's homework, children or submissions, or of a homework's state (docs/architecture.md,
  // "Read caches"); a class's results are opened again and again while the children submit.
  const cache = resultsReadCache(db, clock);
  const recordingUrl = deps.recordingUrl ?? service.noSignRecording;
  readingRoutes(app, { db, clock, recordingUrl });

  route(app, getAllTopicOverview, { cache }, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    const [topics, summary] = await Promise.all([
      service.topicList(db, hw.id, hw.assignedCount),
      repo.homeworkSummary(db, hw.id),
    ]);
    const scores = service.homeworkScoresOf(summary.sums, topics.length);
    return presentAllTopicOverview(hw, topics, scores, summary.unsubmitted, summary.practicing);
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
    return presentQuestionOverview(row, overview);
  });

  route(app, getTopicScoreOverviewX, { cache }, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    // The header needs the averages and counts only: topic_progress alone, no best attempts.
    const topics = await repo.topicsWithStats(db, hw.id, { subScores: false });
    return presentMatrixHeader(topics);
  });

  route(app, getTopicScoreOverviewY, { cache }, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    // One prepared query: the page of children, each with their cells aggregated in PostgreSQL.
    const page = await repo.matrixPage(db, hw.id, { page: input.page, limit: input.limit });
    const total = page[0]?.total ?? (input.page > 1 ? await repo.recipientCount(db, hw.id) : 0);
    return presentMatrixPage(page, total, input);
  });

  route(app, getStudentHomeworkTopicDetails, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return service.answerPaper(
      db,
      teacher,
      hw.id,
      { topicId: input.topic_id, loginId: input.student_id, attemptId: input.attempt_id },
      service.recordingUrlsFor(recordingUrl, teacher),
    );
  });

  route(app, correctAnswerWord, { transaction: true }, async ({ input, teacher, tx }) =>
    service.correctWord(
      tx,
      teacher,
      { attemptId: input.attempt_id, questionId: input.question_id, wordIndex: input.word_index, type: input.type },
      clock.now(),
      service.recordingUrlsFor(recordingUrl, teacher),
    ),
  );
}

/**
 * The commentary page's calls (commentary, the comment draft) and the reading and headquarters
 * homework calls (docs/results.md): thin wrappers of the results services, each asking the
 * homework policy first (another teacher's homework, or a deleted one, answers 404).
 */
function readingRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; recordingUrl: service.SignRecording }) {
  const { db, clock, recordingUrl } = deps;

  route(app, getCommentary, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    const c = await service.commentary(db, teacher, hw.id, {
      words: commentaryLimits.hardestWords,
      items: commentaryLimits.hardestItems,
      choiceItems: commentaryLimits.wrongChoiceItems,
      choicesPerItem: commentaryLimits.wrongChoicesPerItem,
    });
    return presentCommentary(hw, c);
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
    return presentReadingBasicInfo(hw);
  });

  route(app, getReadingHomeworkTopicList, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return presentRows(await service.topicList(db, hw.id, hw.assignedCount));
  });

  route(app, getReadingTopicAnswerPaper, async ({ input, teacher }) => {
    const hw = await requireOwnHomework(db, teacher, input.homework_id, clock.now());
    return service.answerPaper(
      db,
      teacher,
      hw.id,
      { topicId: input.topic_id, loginId: input.student_id, attemptId: input.attempt_id },
      service.recordingUrlsFor(recordingUrl, teacher),
    );
  });

  // Headquarters homework: only homework of origin headquarters handed to the teacher.
  route(app, getHeadquarterHomeworkTopicList, async ({ input, teacher }) => {
    const hw = await requireOwnHeadquartersHomework(db, teacher, input.homework_id, clock.now());
    return presentRows(await service.topicList(db, hw.id, hw.assignedCount));
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
      service.recordingUrlsFor(recordingUrl, teacher),
    );
  });
}
