import { getSystemStatus, type SystemStatusReply } from '@ondoku/contract';
import { api } from '../../../lib/api';
import type { Requester } from '../../../lib/request';

const normal: SystemStatusReply = { status: 2, title: '', message: '' };

/**
 * The start-up status check. It must not show the request layer's retry dialog or toasts (it
 * runs before anything else is on screen), so it goes through the silent requester, and a failure
 * to reach the server counts as "normal": the first real call will report the problem.
 */
export async function fetchSystemStatus(requester: Requester = api.silent): Promise<SystemStatusReply> {
  try {
    return await requester.call(getSystemStatus, {});
  } catch {
    return normal;
  }
}
