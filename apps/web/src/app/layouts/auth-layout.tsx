import { Card, Typography } from 'antd';
import { Outlet } from 'react-router';

/** The sign-in screens: the product name and a centred card. */
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
      <Card style={{ width: '100%', maxWidth: 420, boxShadow: '0 8px 24px rgba(0,0,0,0.08)' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <Typography.Title level={2} style={{ margin: 0, color: '#1f7a5c' }}>
            音読 Ondoku
          </Typography.Title>
          <Typography.Text type="secondary">先生用 管理画面</Typography.Text>
        </div>
        <Outlet />
      </Card>
    </main>
  );
}
