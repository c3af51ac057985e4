import { PrinterOutlined } from '@ant-design/icons';
import { classJoinUrl, learnCardUrl, type InitialPasswordRow } from '@ondoku/contract';
import { Button, QRCode, Result, Spin } from 'antd';
import { useInitialPwdList } from '../api';

/**
 * Printable login cards (A4 portrait, 2 × 5 cards a page, cut lines between them): one per child
 * with class, number, name, login id and initial password. The screen shows the same sheet.
 */
export const loginCardsCss = `
.login-cards { max-width: 190mm; margin: 0 auto; }
.login-cards .sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 0; }
.login-cards .card { box-sizing: border-box; height: 54mm; padding: 5mm 6mm; border: 1px dashed #9aa5a0;
  break-inside: avoid; page-break-inside: avoid; display: flex; flex-direction: column; justify-content: space-between;
  background: #fff; }
.login-cards .head { display: flex; justify-content: space-between; font-size: 10pt; color: #1f7a5c; font-weight: 700; }
.login-cards .name { font-size: 15pt; font-weight: 700; }
.login-cards .kana { font-size: 8.5pt; color: #555; }
.login-cards .field { display: flex; align-items: baseline; gap: 3mm; font-size: 9pt; color: #555; white-space: nowrap; }
.login-cards .value { font-family: 'DejaVu Sans Mono', Consolas, monospace; font-size: 15pt; color: #000;
  letter-spacing: 0.06em; }
.login-cards .changed { font-size: 9pt; color: #888; white-space: normal; }
.login-cards .bottom { display: flex; justify-content: space-between; align-items: flex-end; gap: 2mm; }
.login-cards .qrs { display: flex; gap: 2mm; flex: none; }
.login-cards .qr { width: 17mm; flex: none; text-align: center; }
.login-cards .qr svg { width: 17mm !important; height: 17mm !important; display: block; }
.login-cards .qr-label { font-size: 6.5pt; color: #333; white-space: nowrap; margin-top: 0.5mm; }
.login-cards .code { font-size: 8pt; color: #555; text-align: center; }
.login-cards .toolbar { display: flex; justify-content: space-between; align-items: center; margin: 16px 0; }
@media print {
  @page { size: A4 portrait; margin: 12mm 10mm; }
  body { background: #fff !important; }
  .login-cards .toolbar { display: none; }
  .login-cards { max-width: none; }
  .login-cards .sheet > .card:nth-child(10n + 1) { break-before: page; }
  .login-cards .sheet > .card:first-child { break-before: auto; }
}`;

/**
 * One card. The ログイン用QR signs the child in to the students' app (the card's key; it stops
 * working when the password is reset, docs/learn.md). With `code`, the class code and its
 * クラス参加用QR (the students' app join URL) are printed beside it, so a child can also join
 * the class from the card.
 */
export function LoginCard({ row, classLabel, code }: { row: InitialPasswordRow; classLabel: string; code?: string }) {
  return (
    <div className="card" data-testid="login-card">
      <div className="head">
        <span>音読 Ondoku ログインカード</span>
        <span>
          {classLabel}
          {row.number ? `\u3000${row.number}番` : ''}
        </span>
      </div>
      <div>
        <div className="kana">{row.furigana}</div>
        <div className="name">{row.name}</div>
      </div>
      <div className="bottom">
        <div>
          <div className="field">
            ID <span className="value">{row.student_id}</span>
          </div>
          <div className="field">
            パスワード{' '}
            {row.initial_password ? (
              <span className="value">{row.initial_password}</span>
            ) : (
              <span className="changed">（自分で変更済み：先生に再発行してもらってください）</span>
            )}
          </div>
          {code && (
            <div className="field" data-testid="card-class-code">
              クラスコード{' '}
              <span className="value" style={{ fontSize: '11pt' }}>
                {code}
              </span>
            </div>
          )}
        </div>
        <div className="qrs">
          <div className="qr" data-testid="card-login-qr">
            <QRCode type="svg" value={learnCardUrl(window.location.origin, row.card_key)} size={64} bordered={false} />
            <div className="qr-label">ログイン用QR</div>
          </div>
          {code && (
            <div className="qr" data-testid="card-join-qr">
              <QRCode type="svg" value={classJoinUrl(window.location.origin, code)} size={64} bordered={false} />
              <div className="qr-label">クラス参加用QR</div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export function LoginCards({ classId, loginIds }: { classId: number; loginIds?: string[] }) {
  const { data, isLoading, isError } = useInitialPwdList(classId, loginIds);
  if (isLoading) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;
  if (isError || !data) return <Result status="warning" title="ログインカードを表示できませんでした。" />;
  return (
    <div className="login-cards">
      <style>{loginCardsCss}</style>
      <div className="toolbar">
        <div>
          <strong style={{ fontSize: 18 }}>{data.team.name}</strong> のログインカード（{data.rows.length}人）
          <div style={{ color: '#666', fontSize: 13 }}>点線で切り離して配ってください。A4用紙1枚に10人分です。</div>
          <a href="#/studentmanual" target="_blank" rel="noreferrer" style={{ fontSize: 13 }}>
            児童・保護者向けの使い方（印刷用）
          </a>
        </div>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          印刷する
        </Button>
      </div>
      {data.rows.length === 0 ? (
        <Result status="info" title="このクラスには生徒がいません。" />
      ) : (
        <div className="sheet">
          {data.rows.map((r) => (
            <LoginCard key={r.student_id} row={r} classLabel={data.team.name} code={data.team.code} />
          ))}
        </div>
      )}
    </div>
  );
}
