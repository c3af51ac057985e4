import { exerciseTypeLabels, homeworkLimits, weekdayLabels } from '@ondoku/contract';
import { Checkbox, Form, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { DateTimePicker } from '../../../components/ui/date-time-picker';
import { formatDate } from '../../../lib/dates';
import { useWordBookPartsOf, useWordBooks } from '../api';
import { NativeSelect } from '../../../components/ui/native-select';
import { scheduleResources, wordsInRange, type WizardDraft, type WizardResource } from './draft';

/** Field errors by field path, shown under the fields (antd Form.Item help). */
export type FieldErrors = Record<string, string | undefined>;

export const fieldProps = (errors: FieldErrors, path: string) =>
  errors[path] ? { validateStatus: 'error' as const, help: <span role="alert">{errors[path]}</span> } : {};

/** A date-and-time picker on an ISO string (the draft keeps strings, antd works with dayjs). */
export function TimePicker({
  value,
  onChange,
  label,
}: {
  value: string | null;
  onChange: (iso: string | null) => void;
  label: string;
}) {
  return (
    <DateTimePicker
      aria-label={label}
      value={value ? dayjs(value) : null}
      disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
      onChange={(v) => onChange(v ? v.second(0).millisecond(0).toISOString() : null)}
    />
  );
}

/** Weekdays in a Japanese school week's order: 月 … 土, 日. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/**
 * Periodic plans: which weekdays a distribution goes out, and which of the chosen resources
 * each day hands out (at least one per day). A new day starts with every resource.
 */
export function ScheduleEditor({
  value,
  onChange,
  resources,
}: {
  value: WizardDraft['schedule'];
  onChange: (v: WizardDraft['schedule']) => void;
  resources: readonly WizardResource[];
}) {
  const usable = scheduleResources(resources);
  const byDay = new Map(value.map((d) => [d.weekday, d]));
  const toggleDay = (weekday: number, on: boolean) =>
    onChange(
      on
        ? [...value, { weekday, resource_ids: usable.map((r) => r.id) }].sort(
            (a, b) => weekOrder.indexOf(a.weekday) - weekOrder.indexOf(b.weekday),
          )
        : value.filter((d) => d.weekday !== weekday),
    );
  const setDay = (weekday: number, ids: number[]) =>
    onChange(value.map((d) => (d.weekday === weekday ? { ...d, resource_ids: ids } : d)));
  return (
    <div>
      <div style={{ marginBottom: 12 }} role="group" aria-label="配信する曜日">
        {weekOrder.map((w) => (
          <Checkbox key={w} checked={byDay.has(w)} onChange={(e) => toggleDay(w, e.target.checked)}>
            {weekdayLabels[w]}曜日
          </Checkbox>
        ))}
      </div>
      {value.map((d) => (
        <div
          key={d.weekday}
          style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}
          data-testid={`schedule-day-${d.weekday}`}
        >
          <strong style={{ width: 56 }}>{weekdayLabels[d.weekday]}曜日</strong>
          <Select
            mode="multiple"
            aria-label={`${weekdayLabels[d.weekday]}曜日の教材`}
            placeholder="この日に配信する教材"
            style={{ flex: 1 }}
            value={d.resource_ids}
            onChange={(ids: number[]) => setDay(d.weekday, ids)}
            options={usable.map((r) => ({ value: r.id, label: `${r.title}（${exerciseTypeLabels[r.type]}）` }))}
            status={d.resource_ids.length === 0 ? 'error' : undefined}
          />
        </div>
      ))}
    </div>
  );
}

/** Word tests: the word book, the part range (with words per part) and how many words to ask. */
export function WordTestFields({
  draft,
  update,
  errors,
}: {
  draft: WizardDraft;
  update: (patch: Partial<WizardDraft>) => void;
  errors: FieldErrors;
}) {
  const books = useWordBooks();
  const parts = useWordBookPartsOf(draft.word_book_code);
  const partRows = parts.data?.parts ?? [];
  const available = wordsInRange(partRows, draft.part_from, draft.part_to);
  const partOptions = partRows.map((p) => ({ value: p.part, label: `パート${p.part}（${p.word_count}語）` }));
  return (
    <>
      <Form.Item label="単語帳" required {...fieldProps(errors, 'word_book_code')}>
        <NativeSelect
          label="単語帳"
          placeholder={books.isLoading ? '読み込み中…' : '単語帳を選ぶ'}
          width={420}
          value={draft.word_book_code ?? undefined}
          onChange={(code) => update({ word_book_code: code ?? null, part_from: null, part_to: null })}
          options={(books.data?.rows ?? []).map((b) => ({
            value: b.code,
            label: `${b.title}（全${b.max_part}パート・${b.word_count}語）`,
          }))}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 16 }}>
        <Form.Item label="出題範囲（はじめ）" required {...fieldProps(errors, 'part_from')}>
          <NativeSelect
            label="出題範囲（はじめ）"
            placeholder="パート"
            width={200}
            disabled={!draft.word_book_code}
            value={draft.part_from ?? undefined}
            onChange={(n) => update({ part_from: n ?? null })}
            options={partOptions}
          />
        </Form.Item>
        <Form.Item label="出題範囲（おわり）" required {...fieldProps(errors, 'part_to')}>
          <NativeSelect
            label="出題範囲（おわり）"
            placeholder="パート"
            width={200}
            disabled={!draft.word_book_code}
            value={draft.part_to ?? undefined}
            onChange={(n) => update({ part_to: n ?? null })}
            options={partOptions}
          />
        </Form.Item>
      </div>
      <Form.Item
        label="出題数"
        required
        {...fieldProps(errors, 'word_count')}
        extra={
          !errors.word_count &&
          draft.part_from !== null &&
          draft.part_to !== null &&
          draft.part_from <= draft.part_to ? (
            <span data-testid="word-range-info">
              範囲内の単語は{available}語です。
              {draft.word_count !== null && draft.word_count > available && available > 0
                ? `出題数が範囲の単語数より多いため、範囲内のすべての単語（${available}語）を出題します。`
                : ''}
            </span>
          ) : undefined
        }
      >
        <InputNumber
          aria-label="出題数"
          min={1}
          max={homeworkLimits.wordTestWordsMax}
          precision={0}
          placeholder={`1〜${homeworkLimits.wordTestWordsMax}`}
          style={{ width: 160 }}
          value={draft.word_count}
          onChange={(n) => update({ word_count: typeof n === 'number' ? n : null })}
          addonAfter="語"
        />
      </Form.Item>
    </>
  );
}

/** "2026年4月8日(水)〜" for plan summaries. */
export const dayOf = (iso: string | null) => (iso ? formatDate(iso) : '—');
