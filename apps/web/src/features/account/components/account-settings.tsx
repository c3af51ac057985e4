import { Space } from 'antd';
import { useSession } from '../../../lib/session';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';

/** The account screen (/person): profile, e-mail and password of the signed-in teacher. */
export function AccountSettings() {
  const user = useSession()?.user;
  if (!user) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      <ProfileCard user={user} />
      <EmailCard user={user} />
      <PasswordCard />
    </Space>
  );
}
