import { Outlet } from 'react-router';

/**
 * The sign-in screens: the product name and a centred card. Plain elements styled like antd's
 * Card and Typography (radius 8, 24 px padding, title level 2, secondary text): antd's Card
 * brings Tabs, Dropdown and Menu, and Typography brings Tooltip and the editable TextArea, which
 * the login page would otherwise download for nothing (docs/architecture.md, First view).
 */
export function AuthLayout() {
  return (
    <main
      style={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'linear-gradient(160deg, #e3f1ea 0%, #f4f6f5 60%)',
      }}
    >
      <section
        style={{
          width: '100%',
          maxWidth: 420,
          boxSizing: 'border-box',
          padding: 24,
          background: '#fff',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
          boxShadow: '0 8px 24px rgba(0,0,0,0.08)',
        }}
      >
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <h2 style={{ margin: 0, color: '#1f7a5c', fontSize: 30, fontWeight: 600, lineHeight: 1.35 }}>音読 Ondoku</h2>
          <span style={{ color: 'rgba(0,0,0,0.45)' }}>先生用 管理画面</span>
        </div>
        <Outlet />
      </section>
    </main>
  );
}
