import { getSystemStatus, type SystemStatusReply } from '@ondoku/contract';

/**
 * The start-up status check. It must not go through the request layer's retry dialog (it runs
 * before anything else is on screen), so a failure to reach the server counts as "normal" and
 * the first real call will report the problem.
 */
export async function fetchSystemStatus(send: typeof fetch = fetch): Promise<SystemStatusReply> {
  try {
    const res = await send(getSystemStatus.path, { headers: { 'accept-language': 'ja' } });
    const env = (await res.json()) as { errcode: number; data: SystemStatusReply };
    return env.errcode === 0 ? env.data : { status: 2, title: '', message: '' };
  } catch {
    return { status: 2, title: '', message: '' };
  }
}
