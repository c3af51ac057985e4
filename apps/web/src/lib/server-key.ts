import { getPublicKey } from '@ondoku/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './queries/keys';
import { encryptPassword } from '@ondoku/ui/password-crypto';

/**
 * The server's password-transport key and the one way a password leaves the browser: every
 * *-safe call (sign-in, reset, change) encrypts with it. Shared by the auth and account features.
 */
export const fetchPublicKey = () => api.call(getPublicKey, {});

export const publicKeyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.publicKey(), queryFn: fetchPublicKey, staleTime: Infinity });

export async function encryptForServer(queryClient: QueryClient, password: string): Promise<string> {
  const { public_key } = await queryClient.fetchQuery(publicKeyQueryOptions());
  return encryptPassword(public_key, password);
}
