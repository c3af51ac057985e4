import type { Rule } from 'antd/es/form';
import { charLength, messages } from '@ondoku/contract';
import type { z } from 'zod';
import { notify } from './notify';

/** An antd Form rule that validates a field with a contract schema: one rule, written once. */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

let lastOverLengthToast = 0;

/**
 * Props for a text input with a maximum length (spec §5): the count shows, and typing or pasting
 * past the maximum keeps the first `max` characters and toasts 字数制限を超えています.
 */
export const limitedLength = (max: number) => ({
  count: {
    show: true,
    max,
    strategy: charLength,
    exceedFormatter: (text: string) => {
      if (Date.now() - lastOverLengthToast > 1000) {
        lastOverLengthToast = Date.now();
        notify.toast(messages.overLength);
      }
      return [...text].slice(0, max).join('');
    },
  },
});
