import { z } from 'zod';
import { defineCall, empty, idField } from '../define.js';
import { messages } from '../messages.js';
import { classNameField } from '../rules.js';

/**
 * Classes (the spec's "team"; identifiers here say class, paths and JSON fields keep team):
 * /api/v2/team/… calls about the classes themselves, their limits and messages. Served by
 * apps/server/src/modules/classes.
 */

export const classLimits = {
  maxClasses: 100,
} as const;

export const classMessages = {
  classNameTaken: '同じ名前のクラスがすでにあります。別の名前を入力してください。',
  classLimit: 'クラスは100個まで作成できます。',
} as const;

const allowJoin = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, { error: messages.badRequest });

export const classRow = z.object({
  team_id: z.number().int(),
  name: z.string(),
  allow_join: z.number().int(),
  sort: z.number().int(),
  hidden: z.boolean(),
  student_count: z.number().int(),
  created_at: z.string(),
});
export type ClassRow = z.infer<typeof classRow>;

/** A class as other replies name it. */
export const classRef = z.object({ team_id: z.number().int(), name: z.string() });

export const getMyClassRows = defineCall({
  method: 'GET',
  path: '/api/v2/team/my-team-rows',
  access: 'teacher',
  tag: 'classes',
  summary: "The teacher's classes in their sort order, hidden ones included (hidden: true)",
  input: empty,
  output: z.object({ rows: z.array(classRow) }),
});

export const createClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/create',
  access: 'teacher',
  tag: 'classes',
  summary: 'Create a class at the end of the sort order',
  input: z.object({ name: classNameField, allow_join: allowJoin.default(1) }),
  output: classRow,
});

export const updateClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/update',
  access: 'teacher',
  tag: 'classes',
  summary: 'Rename a class and set allow_join',
  input: z.object({ id: idField, name: classNameField, allow_join: allowJoin }),
  output: classRow,
});

export const reorderClasses = defineCall({
  method: 'POST',
  path: '/api/v2/team/reorder-sort',
  access: 'teacher',
  tag: 'classes',
  summary: 'Put classes in the given order; classes not listed keep their order after them',
  input: z.object({
    team_ids: z
      .array(idField)
      .min(1)
      .max(classLimits.maxClasses * 5),
  }),
  output: z.object({ rows: z.array(classRow) }),
});

export const hideClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/make-hidden',
  access: 'teacher',
  tag: 'classes',
  summary: 'Hide a class (spec §4): it leaves the pickers of homework distribution',
  input: z.object({ team_id: idField }),
  output: classRow,
});

export const showClass = defineCall({
  method: 'POST',
  path: '/api/v2/team/make-obvious',
  access: 'teacher',
  tag: 'classes',
  summary: 'Show a hidden class again',
  input: z.object({ team_id: idField }),
  output: classRow,
});

export const getClassInfo = defineCall({
  method: 'GET',
  path: '/api/v2/team/info',
  access: 'teacher',
  tag: 'classes',
  summary: 'One class of the teacher',
  input: z.object({ team_id: idField }),
  output: classRow,
});
