import { exerciseTypeLabels, exerciseTypes, grades, originTypeLabels, originTypes, type ExerciseType, type OriginType } from '@ondoku/contract';
import { Input, Segmented, Select } from 'antd';

export interface LibraryFilters {
  kw: string;
  type?: ExerciseType;
  grade?: number;
  origin?: OriginType;
  /** A pack whose resources are listed. */
  pack?: string;
}

const ALL = 'all';

/** Type, grade, origin (本部教材/教室教材) and keyword filters of the library. */
export function LibraryFilterBar({
  filters,
  onChange,
}: {
  filters: LibraryFilters;
  onChange(patch: Partial<LibraryFilters>): void;
}) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }} role="search" aria-label="教材の絞り込み">
      <Select
        aria-label="種類"
        style={{ width: 160 }}
        value={filters.type ?? ALL}
        onChange={(v: string) => onChange({ type: v === ALL ? undefined : (v as ExerciseType), pack: undefined })}
        options={[
          { value: ALL, label: 'すべての種類' },
          ...exerciseTypes.map((t) => ({ value: t, label: exerciseTypeLabels[t] })),
        ]}
      />
      <Select
        aria-label="学年"
        style={{ width: 120 }}
        value={filters.grade ?? ALL}
        onChange={(v: number | string) => onChange({ grade: v === ALL ? undefined : Number(v), pack: undefined })}
        options={[{ value: ALL, label: 'すべての学年' }, ...grades.map((g) => ({ value: g, label: `${g}年` }))]}
      />
      <Segmented
        aria-label="教材の種別"
        value={filters.origin ?? ALL}
        onChange={(v) => onChange({ origin: v === ALL ? undefined : (v as OriginType) })}
        options={[{ value: ALL, label: 'すべて' }, ...originTypes.map((o) => ({ value: o, label: originTypeLabels[o] }))]}
      />
      <Input.Search
        aria-label="キーワード"
        placeholder="タイトルや英文で検索"
        allowClear
        defaultValue={filters.kw}
        maxLength={100}
        style={{ width: 240 }}
        onSearch={(kw) => onChange({ kw: kw.trim() })}
      />
    </div>
  );
}
