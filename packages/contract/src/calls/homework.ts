import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { limits } from '../limits.js';
import { classRef } from './classes.js';

/**
 * Homework: the homework list and the calls that choose who receives homework (classes and
 * students as pickers). Served by apps/server/src/modules/homework.
 */

export const homeworkRow = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  type: z.string(),
  origin_type: z.enum(['headquarters', 'classroom']),
  required_times: z.number().int(),
  has_delay: z.boolean(),
  start_time: z.string(),
  end_time: z.string(),
  created_at: z.string(),
});
export type HomeworkRow = z.infer<typeof homeworkRow>;

export const homeworkSortFields = ['start_time', 'end_time', 'created_at', 'title'] as const;

export const getMyHomeworkPageList = defineCall({
  method: 'GET',
  path: '/api/v2/homework/my-homework-page-list',
  access: 'teacher',
  tag: 'homework',
  summary: "A page of the teacher's homework, newest delivery first",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(limits.pager.defaultPageSize, 100),
    search_title: z.string().trim().max(100).optional(),
    sort_field: z.enum(homeworkSortFields).default('start_time'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
  }),
  output: pageOf(homeworkRow),
});

export const getHomeworkClassRows = defineCall({
  method: 'GET',
  path: '/api/v2/homework/team-rows',
  access: 'teacher',
  tag: 'homework',
  summary: "The teacher's visible classes, for choosing who receives homework",
  input: empty,
  output: z.object({ rows: z.array(classRef.extend({ student_count: z.number().int() })) }),
});

export const getStudentListByClass = defineCall({
  method: 'GET',
  path: '/api/v2/homework/student-list-by-team',
  access: 'teacher',
  tag: 'homework',
  summary: 'The students of one class, by attendance number, for choosing who receives homework',
  input: z.object({ team_id: idField }),
  output: z.object({
    rows: z.array(
      z.object({ student_id: z.string(), name: z.string(), furigana: z.string(), number: z.string().nullable() }),
    ),
  }),
});
