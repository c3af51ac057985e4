import { batchDeletionConfirm } from '@ondoku/contract';
import { api } from '../../../lib/api';

/** Asked right before the confirmation modal, so the count it states is current. */
export const fetchBatchDeletionConfirm = (teamId: number) => api.call(batchDeletionConfirm, { team_id: teamId });
