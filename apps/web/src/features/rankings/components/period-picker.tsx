import { rankingMessages, rankingPeriodLabels, rankingPeriods, type RankingPeriod } from '@ondoku/contract';
import { Input, Segmented, Typography } from 'antd';

/** The period of a ranking: this week, this month, this term, or a chosen range of dates (Japan). */
export interface PeriodValue {
  period: RankingPeriod;
  start_time?: string;
  end_time?: string;
}

/** The query fields of a period; null while a chosen range is incomplete or wrong (nothing to fetch). */
export function periodParams(v: PeriodValue) {
  if (v.period !== 'custom') return { period: v.period };
  if (!v.start_time || !v.end_time || v.end_time < v.start_time) return null;
  return { period: v.period, start_time: v.start_time, end_time: v.end_time };
}

export function PeriodPicker({ value, onChange }: { value: PeriodValue; onChange(v: PeriodValue): void }) {
  const wrong = value.period === 'custom' && value.start_time && value.end_time && value.end_time < value.start_time;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Segmented
        aria-label="期間"
        value={value.period}
        onChange={(p) => onChange({ ...value, period: p as RankingPeriod })}
        options={rankingPeriods.map((p) => ({ value: p, label: rankingPeriodLabels[p] }))}
      />
      {value.period === 'custom' && (
        <>
          <Input
            type="date"
            aria-label="開始日"
            style={{ width: 160 }}
            value={value.start_time ?? ''}
            onChange={(e) => onChange({ ...value, start_time: e.target.value || undefined })}
          />
          <span>〜</span>
          <Input
            type="date"
            aria-label="終了日"
            style={{ width: 160 }}
            status={wrong ? 'error' : undefined}
            value={value.end_time ?? ''}
            onChange={(e) => onChange({ ...value, end_time: e.target.value || undefined })}
          />
          {wrong && (
            <Typography.Text type="danger" role="alert">
              {rankingMessages.endBeforeStart}
            </Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
