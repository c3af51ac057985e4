import { useSyncExternalStore } from 'react';
import { deliverPending, type DeliveryDeps, type DeliveryOutcome } from './delivery';
import type { QueuedSubmission } from './queue';

/**
 * The queue's sender: runs a delivery round when asked (after a submission is queued), when the
 * browser says it is `online` again, and every 30 s while something waits. Screens read what is
 * waiting and what was just delivered.
 */
export interface OutboxState {
  waiting: QueuedSubmission[];
  /** Delivered in this page's life, newest last (the screens show their results). */
  delivered: Extract<DeliveryOutcome, { state: 'delivered' }>[];
  refused: Extract<DeliveryOutcome, { state: 'refused' }>[];
  running: boolean;
}

export interface Outbox {
  start(loginId: string): () => void;
  /** Run a round now (resolves when it is over). */
  kick(): Promise<void>;
  /** Re-read what waits (after the queue changed). */
  refresh(): Promise<void>;
  get(): OutboxState;
  subscribe(l: () => void): () => void;
}

export const RETRY_MS = 30_000;

export function createOutbox(deps: DeliveryDeps): Outbox {
  let state: OutboxState = { waiting: [], delivered: [], refused: [], running: false };
  let loginId: string | null = null;
  let round: Promise<void> | null = null;
  let again = false;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<OutboxState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };

  const refresh = async () => {
    if (!loginId) return set({ waiting: [] });
    const all = await deps.queue.submissions(loginId);
    set({ waiting: all.filter((s) => s.state === 'pending') });
  };

  const runRound = async () => {
    if (!loginId) return;
    set({ running: true });
    try {
      const outcomes = await deliverPending(deps, loginId);
      const delivered = outcomes.filter((o) => o.state === 'delivered');
      const refused = outcomes.filter((o) => o.state === 'refused');
      if (delivered.length || refused.length)
        set({ delivered: [...state.delivered, ...delivered], refused: [...state.refused, ...refused] });
    } finally {
      set({ running: false });
      await refresh();
    }
  };

  const kick = (): Promise<void> => {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      do {
        again = false;
        await runRound().catch(() => {});
      } while (again);
    })().finally(() => (round = null));
    return round;
  };

  return {
    start(id) {
      loginId = id;
      const online = () => void kick();
      window.addEventListener('online', online);
      const timer = setInterval(() => {
        if (state.waiting.length) void kick();
      }, RETRY_MS);
      // Old recordings nobody submitted leave the device first (queue.ts expire), then a round.
      void deps.queue
        .expire(Date.now())
        .catch(() => {})
        .then(refresh)
        .then(() => kick());
      return () => {
        window.removeEventListener('online', online);
        clearInterval(timer);
        loginId = null;
      };
    },
    kick,
    refresh,
    get: () => state,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const useOutbox = (outbox: Outbox) => useSyncExternalStore(outbox.subscribe, outbox.get);
