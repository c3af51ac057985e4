import { getMyClassRows } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Shared key: the students feature reads the same list for its class filter. */
export const MY_TEAM_ROWS_KEY = ['team', 'my-team-rows'] as const;

export const myTeamRowsQueryOptions = () =>
  queryOptions({ queryKey: MY_TEAM_ROWS_KEY, queryFn: () => api.call(getMyClassRows, {}) });

export const useMyTeamRows = () => useQuery(myTeamRowsQueryOptions());
