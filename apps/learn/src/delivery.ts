import { learnMessages, type LearnSubmitReply } from '@ondoku/contract';
import { ApiError } from '@ondoku/ui/request';
import type { LearnQueue, PracticeTarget, QueuedRecording, QueuedSubmission } from './queue';

/**
 * Sends what the queue holds once the network is back: first the recordings the server has not
 * evaluated (their sid), then the submission that names them. A network failure stops the round
 * (the next `online` event or tick tries again); a refusal by the server (deadline passed, a sid
 * refused) is kept with its message for the child to see, never retried in a loop.
 */
export interface DeliveryDeps {
  queue: LearnQueue;
  /** Evaluate a queued recording's audio again; resolves with the sid of the stored result. */
  evaluate(r: QueuedRecording): Promise<string>;
  submit(
    target: PracticeTarget,
    answers: { question_id: number; sid?: string; answer?: string }[],
  ): Promise<LearnSubmitReply>;
}

export type DeliveryOutcome =
  | { state: 'delivered'; submission: QueuedSubmission; reply: LearnSubmitReply }
  | { state: 'refused'; submission: QueuedSubmission; message: string }
  | { state: 'waiting'; submission: QueuedSubmission };

/** Whether an error is the network (retry later) rather than the server's answer. */
export const isNetworkError = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status >= 500;

/** Give the sids of a target's recordings that have none yet (stops at the first network failure). */
export async function evaluateWaiting(deps: Pick<DeliveryDeps, 'queue' | 'evaluate'>, target: string) {
  const rows = await deps.queue.recordingsOf(target);
  for (const r of rows) {
    if (r.sid) continue;
    const sid = await deps.evaluate(r);
    await deps.queue.setSid(r.id, sid);
  }
}

/** The server no longer takes these sids (too old, or used): the kept audio is evaluated again, once. */
const staleSid = new Set<string>([learnMessages.sidInvalid, learnMessages.sidUsed]);

/** Deliver one queued submission. */
export async function deliver(deps: DeliveryDeps, sub: QueuedSubmission, again = false): Promise<DeliveryOutcome> {
  try {
    await evaluateWaiting(deps, sub.id);
  } catch {
    return { state: 'waiting', submission: sub };
  }
  const rows = await deps.queue.recordingsOf(sub.id);
  const sids = new Map(rows.map((r) => [r.questionId, r.sid]));
  const answers = [...sub.spoken.map((q) => ({ question_id: q, sid: sids.get(q) ?? undefined })), ...sub.choices].sort(
    (a, b) => a.question_id - b.question_id,
  );
  try {
    const reply = await deps.submit(sub.target, answers);
    await deps.queue.accepted(sub.id);
    return { state: 'delivered', submission: sub, reply };
  } catch (e) {
    if (isNetworkError(e)) {
      await deps.queue.updateSubmission(sub.id, { tries: sub.tries + 1 });
      return { state: 'waiting', submission: sub };
    }
    const message = (e as Error).message;
    if (!again && staleSid.has(message)) {
      await deps.queue.clearSids(sub.id);
      return deliver(deps, sub, true);
    }
    await deps.queue.updateSubmission(sub.id, { state: 'refused', message });
    return { state: 'refused', submission: { ...sub, state: 'refused', message }, message };
  }
}

/** One round over the child's pending submissions, oldest first. */
export async function deliverPending(deps: DeliveryDeps, loginId: string): Promise<DeliveryOutcome[]> {
  const out: DeliveryOutcome[] = [];
  for (const sub of await deps.queue.submissions(loginId)) {
    if (sub.state !== 'pending') continue;
    const outcome = await deliver(deps, sub);
    out.push(outcome);
    if (outcome.state === 'waiting') break; // the network is down: the rest waits too
  }
  return out;
}
