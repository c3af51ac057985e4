import type { FormInstance, Rule } from 'antd/es/form';
import { charLength, messages } from '@ondoku/contract';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { notify } from './notify';

/** A form field's path as antd names it: 'confirm' or ['address', 'city']. */
export type FieldPath = string | number | readonly (string | number)[];

const pathKey = (path: FieldPath | readonly PropertyKey[]) => JSON.stringify(Array.isArray(path) ? path : [path]);

/** The zod issues of a whole form, as antd field errors (one entry per path, messages in order). */
export function zodIssueFields(error: z.ZodError): { name: (string | number)[]; errors: string[] }[] {
  const byPath = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of error.issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const key = pathKey(name);
    const entry = byPath.get(key) ?? { name, errors: [] };
    entry.errors.push(issue.message);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
}

/** Show a zod error of the whole form on the fields its issues name (e.g. after a parse on submit). */
export function applyZodIssues(form: Pick<FormInstance, 'setFields'>, error: z.ZodError) {
  form.setFields(zodIssueFields(error));
}

/**
 * antd rules from one zod schema of the whole form: `rules.field('confirm')` checks the form's
 * current values against the schema and reports the first issue whose path is that field, so
 * whole-form rules (two entries that must match, a new password that must differ from the old one)
 * land on the field the schema names. Pair it with `dependencies` on the Form.Item.
 */
export function formRules(schema: z.ZodType) {
  return {
    field:
      (path: FieldPath): Rule =>
      ({ getFieldsValue }) => ({
        validator: async () => {
          const result = schema.safeParse(getFieldsValue(true));
          const issue = result.error?.issues.find((i) => pathKey(i.path) === pathKey(path));
          if (issue) throw new Error(issue.message);
        },
      }),
  };
}

/** An antd Form rule that validates a field with a contract schema: one rule, written once. */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

let lastOverLengthToast = 0;

/**
 * Props for a text input with a maximum length (docs/classes.md, "Edges"): the count shows (red
 * past the maximum); typing or pasting past it toasts 字数制限を超えています once, and nothing is
 * cut — the text stays as typed and the field stays invalid (its contract rule, e.g.
 * `zodRule(classNameField)`, says 字数制限を超えています) until the teacher shortens it, so an
 * over-long entry is never silently truncated and saved. Never use the native `maxLength`, which
 * cuts without a word.
 */
export const limitedLength = (max: number, onChange?: (e: { target: { value: string } }) => void) => ({
  count: { show: true, max, strategy: charLength },
  onChange: (e: { target: { value: string } }) => {
    onChange?.(e);
    if (charLength(e.target.value) > max && Date.now() - lastOverLengthToast > 1000) {
      lastOverLengthToast = Date.now();
      notify.toast(messages.overLength);
    }
  },
});

/** The longest search word the contract takes (searchWordField). */
export const SEARCH_WORD_MAX = 100;

/**
 * A search word as typed, trimmed; over SEARCH_WORD_MAX characters the spec's toast
 * 字数制限を超えています and null (nothing is searched), rather than a refused request.
 */
export function searchWord(typed: string): string | null {
  const kw = typed.trim();
  if (charLength(kw) <= SEARCH_WORD_MAX) return kw;
  notify.toast(messages.overLength);
  return null;
}

/**
 * One run at a time of a form's submit (docs/classes.md, "Edges", Double submits): a second click,
 * Enter or double click while the first submit is still validating or saving does nothing. The
 * button shows loading from the mutation's isPending (the request); `running` covers the whole
 * submit, for buttons whose first step is itself a request (e.g. a count fetched before a
 * confirmation). A modal's OK button does not show `running`: a refused validation would flash
 * antd's loading icon, whose leftover keeps 「loading」 in the button's accessible name.
 */
export function useSubmitOnce<A extends unknown[]>(submit: (...args: A) => Promise<unknown>) {
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(true);
      try {
        await submit(...args);
      } catch {
        // Validation shows on the fields; the request layer has told the teacher of a failed call.
      } finally {
        busy.current = false;
        setRunning(false);
      }
    },
    [submit],
  );
  return { run: (...args: A) => void run(...args), running };
}
