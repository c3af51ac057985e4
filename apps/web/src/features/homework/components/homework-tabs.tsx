import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';

const tabs = [
  { to: paths.homeworkList.path, label: '宿題一覧' },
  { to: paths.periodicPlans.path, label: '定期宿題' },
  { to: paths.reissueList.path, label: '再配信の履歴' },
];

/**
 * The homework management screens side by side: the list, the periodic plans and the reissues.
 * Plain links in the look of antd's tabs (antd Tabs brings Dropdown and Menu to the first view).
 */
export function HomeworkTabs() {
  return (
    <nav
      aria-label="宿題の管理"
      style={{ display: 'flex', gap: 24, borderBottom: '1px solid #e8ecea', marginBottom: 16 }}
    >
      {tabs.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end
          style={({ isActive }) => ({
            padding: '8px 2px',
            marginBottom: -1,
            color: isActive ? '#1f7a5c' : 'rgba(0,0,0,0.75)',
            fontWeight: isActive ? 600 : 400,
            borderBottom: isActive ? '2px solid #1f7a5c' : '2px solid transparent',
          })}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A thin progress bar of submitted / assigned (plain markup: antd Progress is not needed here). */
export function SubmitBar({ submitted, assigned }: { submitted: number; assigned: number }) {
  const pct = assigned ? Math.round((submitted / assigned) * 100) : 0;
  return (
    <div style={{ minWidth: 140, flexShrink: 0 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13 }}>
        <span>
          提出 <strong>{submitted}</strong>/{assigned}人
        </span>
        <span style={{ color: 'rgba(0,0,0,0.55)' }}>{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="提出率"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ height: 6, background: '#eef1ef', borderRadius: 3, marginTop: 4, overflow: 'hidden' }}
      >
        <div style={{ width: `${pct}%`, height: '100%', background: pct === 100 ? '#52c41a' : '#1f7a5c' }} />
      </div>
    </div>
  );
}
