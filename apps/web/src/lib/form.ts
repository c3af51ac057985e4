import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd Form rule that validates a field with a contract schema: one rule, written once. */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});
