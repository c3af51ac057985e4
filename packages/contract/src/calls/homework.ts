import { z } from 'zod';
import { defineCall, pageOf, queryInt } from '../define.js';
import { limits } from '../limits.js';

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
