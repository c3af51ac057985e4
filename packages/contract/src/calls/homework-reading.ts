import { z } from 'zod';
import { defineCall, idField } from '../define.js';
import { classRef } from './classes.js';
import { homeworkStates, homeworkTypes } from './homework.js';
import { originTypes } from './resource.js';
import { getStudentHomeworkTopicDetails, topicOverviewRow } from './results.js';

/**
 * Reading homework (api-paths.md "Reading homework"): the spec gives only the names; ours are
 * defined in docs/results.md. Served by the results module, as thin wrappers of its services:
 * a homework's basic information, its topics with per-topic submission counts and averages, and
 * one child's answer paper for one topic (the same paper as team/student-homework-topic-details).
 * submit-writing-note belongs to the writing notes (another slice).
 */

export const getReadingHomeworkBasicInfo = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/homework-basic-info',
  access: 'teacher',
  tag: 'results',
  summary: 'Basic information of a homework of the teacher: title, class, type, origin, times and counts',
  input: z.object({ homework_id: idField }),
  output: z.object({
    homework_id: z.number().int(),
    title: z.string(),
    /** The class it went to; null for homework handed to single students. */
    team: classRef.nullable(),
    type: z.enum(homeworkTypes),
    origin_type: z.enum(originTypes),
    state: z.enum(homeworkStates),
    start_time: z.string(),
    end_time: z.string(),
    /** The last reissue's deadline; null when never reissued. */
    reissue_end_time: z.string().nullable(),
    required_times: z.number().int().nullable(),
    topic_count: z.number().int(),
    assigned_count: z.number().int(),
    /** Children who submitted the whole homework. */
    submitted_count: z.number().int(),
    created_at: z.string(),
  }),
});

export const getReadingHomeworkTopicList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/homework-topic-list',
  access: 'teacher',
  tag: 'results',
  summary: "A homework's topics in order, each with its submission count and the class averages of best scores",
  input: z.object({ homework_id: idField }),
  output: z.object({ rows: z.array(topicOverviewRow) }),
});

export const getReadingTopicAnswerPaper = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/topic-answer-paper',
  access: 'teacher',
  tag: 'results',
  summary: "One child's answer paper for one topic (as team/student-homework-topic-details)",
  input: getStudentHomeworkTopicDetails.input,
  output: getStudentHomeworkTopicDetails.output,
});
