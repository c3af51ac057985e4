import { preparationMessages } from '@ondoku/contract';
import type { Preparation } from '../../lib/queries/preparation';

/**
 * Says that a first start is still preparing what this screen shows, with its progress
 * (「教材を準備しています（63/159）」), so an empty or short list never looks final. Plain markup:
 * the homework list shows it and loads no antd on its first view.
 */
export function PreparingNotice({
  what,
  preparation,
}: {
  what: 'library' | 'demo_homework';
  preparation?: Preparation;
}) {
  const p = preparation?.[what];
  if (!p) return null;
  const title = what === 'library' ? preparationMessages.library(p) : preparationMessages.demoHomework(p);
  const note = what === 'library' ? preparationMessages.libraryNote : preparationMessages.demoHomeworkNote;
  const pct = p.total ? Math.round((100 * p.done) / p.total) : 0;
  return (
    <div
      role="status"
      data-testid={`preparing-${what}`}
      style={{
        background: '#e6f4ff',
        border: '1px solid #91caff',
        borderRadius: 8,
        padding: '10px 16px',
        marginBottom: 16,
      }}
    >
      <div style={{ fontWeight: 600 }}>{title}</div>
      <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.65)', marginTop: 2 }}>{note}</div>
      {p.total > 0 && (
        <div
          role="progressbar"
          aria-label={title}
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ height: 6, background: '#fff', borderRadius: 3, marginTop: 8, overflow: 'hidden' }}
        >
          <div style={{ width: `${pct}%`, height: '100%', background: '#1677ff' }} />
        </div>
      )}
    </div>
  );
}
