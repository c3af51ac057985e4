import { getPublicKey } from '@ondoku/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const fetchPublicKey = () => api.call(getPublicKey, {});

export const publicKeyQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'public-key'], queryFn: fetchPublicKey, staleTime: Infinity });
