import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { panel } from '@ondoku/ui';
import { guideSections, type GuideSection } from '../guide';

const css = `
.guide { display: flex; flex-direction: column; gap: 16px; max-width: 980px; }
.guide h2 { font-size: 18px; margin: 0 0 4px; }
.guide .lead { color: rgba(0,0,0,0.6); margin: 0 0 12px; }
.guide ol { margin: 0; padding-left: 1.4em; line-height: 1.9; }
.guide .tips { margin: 10px 0 0; padding: 8px 12px; background: #f6ffed; border-radius: 6px; font-size: 13px; }
.guide figure { margin: 12px 0 0; }
.guide img { width: 100%; border: 1px solid #e8ecea; border-radius: 6px; }
.guide .toc { display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 0; padding: 0; list-style: none; }
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  .guide, .guide * { visibility: visible; }
  .guide { position: absolute; left: 0; top: 0; width: 100%; max-width: none; }
  .guide .no-print { display: none !important; }
  .guide section { break-inside: avoid; border: none !important; box-shadow: none !important; padding: 0 0 6mm !important; }
  .guide img { max-height: 110mm; object-fit: contain; object-position: left top; }
}`;

function Section({ s }: { s: GuideSection }) {
  const [shown, setShown] = useState(true);
  return (
    <section id={s.id} style={{ ...panel, padding: 24 }} aria-labelledby={`${s.id}-title`} data-testid="guide-section">
      <h2 id={`${s.id}-title`}>{s.title}</h2>
      <p className="lead">{s.lead}</p>
      <ol>
        {s.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {s.tips && (
        <div className="tips">
          {s.tips.map((t) => (
            <div key={t}>ポイント：{t}</div>
          ))}
        </div>
      )}
      {shown && (
        <figure>
          <img src={`explain/${s.shot}.jpg`} alt={`${s.title}の画面`} loading="lazy" onError={() => setShown(false)} />
        </figure>
      )}
      {s.link && (
        <div className="no-print" style={{ marginTop: 12 }}>
          <Link to={s.link.href}>{s.link.label} →</Link>
        </div>
      )}
    </section>
  );
}

/**
 * /explain (docs/explain.md): the teacher's guide — how to do each task, with screenshots of the
 * product itself; printable (印刷 shows the guide alone on A4).
 */
export function TeacherGuide() {
  return (
    <div className="guide">
      <style>{css}</style>
      <section style={{ ...panel, padding: 24 }} aria-label="目次">
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
          <h1 style={{ fontSize: 20, margin: 0, flex: 1 }}>音読 Ondoku 先生用ガイド</h1>
          <Button className="no-print" icon={<PrinterOutlined />} onClick={() => window.print()}>
            印刷する
          </Button>
        </div>
        <p className="lead">よく使う操作を、実際の画面といっしょにまとめました。知りたい項目を選んでください。</p>
        <ul className="toc no-print">
          {guideSections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth' });
                }}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {guideSections.map((s) => (
        <Section key={s.id} s={s} />
      ))}
    </div>
  );
}
