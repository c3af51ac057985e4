import { integralRules } from '@ondoku/contract';

/** The integral points rule as the ranking counts it (the contract's integralRules). */
export function IntegralRules({ compact }: { compact?: boolean }) {
  return (
    <div data-testid="integral-rules" style={{ fontSize: compact ? 12 : 13 }}>
      <strong>ポイントのルール</strong>
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {integralRules.map((r) => (
          <li key={r.key}>
            {r.label}：<strong>{r.points}pt</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
