import { PrinterOutlined } from '@ant-design/icons';
import { rankingMessages } from '@ondoku/contract';
import { Button, Input, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * What both term reports share: the period (this term or chosen dates), the print button, and the
 * A4 print look (the admin frame hidden; each section kept on one page where it fits).
 */
export const reportCss = `
.term-report { display: flex; flex-direction: column; gap: 16px; max-width: 1000px; }
.term-report section { background: #fff; border: 1px solid #e8ecea; border-radius: 8px; padding: 16px; }
.term-report h2 { font-size: 16px; margin: 0 0 12px; }
.term-report .figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 12px; }
.term-report .figure { border: 1px solid #eef0ee; border-radius: 8px; padding: 8px 12px; }
.term-report .figure .v { font-size: 22px; font-weight: 700; }
.term-report .figure .k { font-size: 12px; color: rgba(0,0,0,0.55); }
.term-report table.plain { width: 100%; border-collapse: collapse; font-size: 13px; margin-top: 8px; }
.term-report table.plain th, .term-report table.plain td { border: 1px solid #e5e7eb; padding: 4px 8px; text-align: left; }
.term-report table.plain td.num, .term-report table.plain th.num { text-align: right; }
.term-report .words { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0; }
.term-report .words li { padding: 2px 10px; border-radius: 12px; font-size: 14px; }
.term-report .print-only { display: none; }
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  .term-report, .term-report * { visibility: visible; }
  .term-report { position: absolute; left: 0; top: 0; width: 100%; max-width: none; gap: 4mm;
    font-family: 'Hiragino Kaku Gothic ProN', 'Noto Sans CJK JP', 'Noto Sans JP', 'Yu Gothic', Meiryo, sans-serif; }
  .term-report .no-print { display: none !important; }
  .term-report .print-only { display: block; }
  .term-report section { break-inside: avoid; border: 1px solid #ccc; padding: 3mm; }
  .term-report audio { display: none; }
  .term-report .recharts-tooltip-wrapper { display: none !important; }
}`;

export interface ReportPeriod {
  start_time?: string;
  end_time?: string;
}

export function ReportFrame({
  title,
  period,
  onPeriod,
  children,
}: {
  title: ReactNode;
  period: ReportPeriod;
  onPeriod(p: ReportPeriod): void;
  children: ReactNode;
}) {
  const custom = period.start_time !== undefined || period.end_time !== undefined;
  const wrong = period.start_time && period.end_time && period.end_time < period.start_time;
  return (
    <div className="term-report" data-testid="term-report">
      <style>{reportCss}</style>
      <div className="no-print" style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <Segmented
          aria-label="期間"
          value={custom ? 'custom' : 'term'}
          onChange={(v) => onPeriod(v === 'term' ? {} : { start_time: '', end_time: '' })}
          options={[
            { value: 'term', label: '今学期' },
            { value: 'custom', label: '期間指定' },
          ]}
        />
        {custom && (
          <>
            <Input
              type="date"
              aria-label="開始日"
              style={{ width: 160 }}
              value={period.start_time ?? ''}
              onChange={(e) => onPeriod({ ...period, start_time: e.target.value })}
            />
            〜
            <Input
              type="date"
              aria-label="終了日"
              style={{ width: 160 }}
              status={wrong ? 'error' : undefined}
              value={period.end_time ?? ''}
              onChange={(e) => onPeriod({ ...period, end_time: e.target.value })}
            />
            {wrong && (
              <Typography.Text type="danger" role="alert">
                {rankingMessages.endBeforeStart}
              </Typography.Text>
            )}
          </>
        )}
        <span style={{ flex: 1 }} />
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          印刷
        </Button>
      </div>
      <h1 style={{ fontSize: 20, margin: 0 }}>{title}</h1>
      {children}
    </div>
  );
}

/** The query fields of the period; null while chosen dates are incomplete or wrong. */
export function reportPeriodParams(p: ReportPeriod) {
  if (p.start_time === undefined && p.end_time === undefined) return {};
  if (!p.start_time || !p.end_time || p.end_time < p.start_time) return null;
  return { start_time: p.start_time, end_time: p.end_time };
}

export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="figure">
      <div className="v">{value}</div>
      <div className="k">{label}</div>
    </div>
  );
}

export const md = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
export const minutes = (ms: number) => `${Math.round(ms / 60000)}分`;
