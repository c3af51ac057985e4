import { PrinterOutlined } from '@ant-design/icons';
import { integralExportInput, japaneseDate, type CallInput, type getIntegralRankingExport } from '@ondoku/contract';
import { Alert, Button, Spin } from 'antd';
import { readFailure } from '../../../components/ui/load-state';
import { useIntegralExport } from '../api';
import { formatChange } from './format';
import { IntegralRules } from './integral-rules';
import { ExportXlsxButton } from './export-xlsx-button';

/**
 * /integral-ranking-export (outside the layouts; docs/rankings.md, "Printing"): the integral
 * ranking of each class on A4 portrait, one class a page (a page break between classes), Japanese
 * fonts, the rule printed under the title; the browser's print, and the xlsx as a download task.
 */
export const integralExportCss = `
.integral-export { max-width: 190mm; margin: 0 auto; padding: 8px 0 24px;
  font-family: 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', 'Noto Sans CJK JP', 'Noto Sans JP', 'Yu Gothic', Meiryo, sans-serif; color: #000; }
.integral-export .toolbar { display: flex; gap: 8px; justify-content: flex-end; margin: 16px 0; }
.integral-export .page { background: #fff; padding: 10mm; margin-bottom: 16px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.integral-export h1 { font-size: 16pt; margin: 0 0 2mm; }
.integral-export .meta { font-size: 9.5pt; color: #333; margin-bottom: 3mm; }
.integral-export table { width: 100%; border-collapse: collapse; font-size: 10.5pt; margin-top: 3mm; }
.integral-export th, .integral-export td { border: 1px solid #999; padding: 1.6mm 2mm; }
.integral-export th { background: #eef5f1; font-weight: 700; }
.integral-export td.num { text-align: right; font-variant-numeric: tabular-nums; }
.integral-export td.center { text-align: center; }
.integral-export tr { break-inside: avoid; page-break-inside: avoid; }
.integral-export .rules { border: 1px solid #ccc; padding: 2mm 3mm; border-radius: 2mm; }
@media print {
  @page { size: A4 portrait; margin: 12mm 10mm; }
  body { background: #fff !important; }
  .integral-export { max-width: none; padding: 0; }
  .integral-export .toolbar { display: none; }
  .integral-export .page { box-shadow: none; padding: 0; margin: 0; break-after: page; page-break-after: always; }
  .integral-export .page:last-child { break-after: auto; page-break-after: auto; }
}`;

type ExportQuery = CallInput<typeof getIntegralRankingExport>;

/** The page's query string, checked by the contract (null: wrong, nothing fetched). */
export function exportQuery(search: URLSearchParams): { query: ExportQuery | null; problem: string | null } {
  const raw = Object.fromEntries(search.entries());
  const checked = integralExportInput.safeParse(raw);
  if (!checked.success) return { query: null, problem: checked.error.issues[0]?.message ?? null };
  return { query: raw as unknown as ExportQuery, problem: null };
}

export function IntegralExport({ search }: { search: URLSearchParams }) {
  const { query, problem } = exportQuery(search);
  const report = useIntegralExport(query);
  if (problem) return <Alert type="error" showIcon title={problem} style={{ margin: 24 }} />;
  const failure = readFailure(report);
  if (failure) return failure;
  if (!report.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const { period, classes } = report.data;
  return (
    <div className="integral-export" data-testid="integral-export">
      <style>{integralExportCss}</style>
      <div className="toolbar">
        <ExportXlsxButton query={query!} />
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          印刷
        </Button>
      </div>
      {classes.length === 0 && <Alert type="info" showIcon title="印刷するクラスがありません。" />}
      {classes.map((c) => (
        <section className="page" key={c.team.team_id} data-testid="export-page">
          <h1>{c.team.name} ポイントランキング</h1>
          <div className="meta">
            <span>
              {period.label}：{period.start_date.replaceAll('-', '/')}〜{period.end_date.replaceAll('-', '/')}
            </span>
            <span style={{ marginLeft: '4mm' }}>印刷日：{japaneseDate(new Date())}</span>
            <span style={{ marginLeft: '4mm' }}>{c.rows.length}人</span>
          </div>
          <div className="rules">
            <IntegralRules compact />
          </div>
          <table>
            <thead>
              <tr>
                <th style={{ width: '14mm' }}>順位</th>
                <th style={{ width: '18mm' }}>出席番号</th>
                <th>名前</th>
                <th style={{ width: '26mm' }}>ポイント</th>
                <th style={{ width: '26mm' }}>前の期間から</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map((r) => (
                <tr key={r.student_id}>
                  <td className="center">{r.rank}</td>
                  <td className="center">{r.number ?? ''}</td>
                  <td>{r.name}</td>
                  <td className="num">{r.value}pt</td>
                  <td className="center">{formatChange(r.change).text}</td>
                </tr>
              ))}
              {c.rows.length === 0 && (
                <tr>
                  <td colSpan={5} className="center">
                    このクラスには児童がいません。
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
