import { logout } from '@ondoku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';

/** Sign-out: tell the server if a token exists, clear the session, go to Login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    if (sessionStore.token()) await api.call(logout, {}).catch(() => {});
    sessionStore.clear();
    queryClient.clear();
    await navigate(paths.login.path, { replace: true });
  };
}
