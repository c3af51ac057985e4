import type { LearnSession, LearnStudent } from '@ondoku/contract';
import { useSyncExternalStore } from 'react';

/**
 * The child's session: token and who they are, in its own localStorage key (never the
 * teacher's `ondoku.session`), so a teacher and a child on one computer do not sign each other out.
 */
export const LEARN_SESSION_KEY = 'ondoku.learn.session';

const listeners = new Set<() => void>();
let current: LearnSession | null = read();

function read(): LearnSession | null {
  try {
    const raw = localStorage.getItem(LEARN_SESSION_KEY);
    return raw ? (JSON.parse(raw) as LearnSession) : null;
  } catch {
    return null;
  }
}

const emit = () => listeners.forEach((l) => l());

export const learnSession = {
  get: () => current,
  token: () => current?.token ?? null,
  student: (): LearnStudent | null => current?.student ?? null,
  set(session: LearnSession) {
    current = session;
    localStorage.setItem(LEARN_SESSION_KEY, JSON.stringify(session));
    emit();
  },
  updateStudent(student: LearnStudent) {
    if (current) learnSession.set({ ...current, student });
  },
  clear() {
    current = null;
    localStorage.removeItem(LEARN_SESSION_KEY);
    emit();
  },
  /** Re-read the storage (tests set it before rendering). */
  reload() {
    current = read();
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useLearnSession = () => useSyncExternalStore(learnSession.subscribe, learnSession.get);
