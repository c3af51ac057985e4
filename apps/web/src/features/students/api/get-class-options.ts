import { getMyClassRows } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The teacher's classes for filters; same key as the classes feature's list, so one fetch serves both. */
export const classOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['team', 'my-team-rows'], queryFn: () => api.call(getMyClassRows, {}) });

export const useClassOptions = () => useQuery(classOptionsQueryOptions());
