import { z } from 'zod';
import { defineCall, idField } from '../define.js';
import { getOneTopicOverview, getStudentHomeworkTopicDetails, topicOverviewRow } from './results.js';

/**
 * Headquarters homework (api-paths.md "Headquarters homework"): homework whose origin is
 * headquarters (published by `npm run admin -- publish-hq-homework`, docs/homework.md), read by
 * the teacher it was handed to. Ours, defined in docs/results.md; served by the results module
 * as thin wrappers of its services. Any other homework (the teacher's own, another teacher's,
 * deleted) answers 404 like an unknown id.
 */

export const getHeadquarterHomeworkTopicList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-headquarter/homework-topic-list',
  access: 'teacher',
  tag: 'results',
  summary: "A headquarters homework's topics, each with the teacher's children's submission count and averages",
  input: z.object({ homework_id: idField }),
  output: z.object({ rows: z.array(topicOverviewRow) }),
});

export const getHeadquarterTopicAnswerOverview = defineCall({
  method: 'GET',
  path: '/api/v2/homework-headquarter/topic-answer-overview',
  access: 'teacher',
  tag: 'results',
  summary: 'One topic of a headquarters homework per child (as homework/one-topic-overview)',
  input: getOneTopicOverview.input,
  output: getOneTopicOverview.output,
});

export const getHeadquarterTopicAnswerPaper = defineCall({
  method: 'GET',
  path: '/api/v2/homework-headquarter/topic-answer-paper',
  access: 'teacher',
  tag: 'results',
  summary: "One child's answer paper for one topic of a headquarters homework",
  input: getStudentHomeworkTopicDetails.input,
  output: getStudentHomeworkTopicDetails.output,
});
