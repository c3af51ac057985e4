import type { TeacherUser } from '@ondoku/contract';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session: token, user info and the live-class switch, kept in
 * localStorage so a reload stays signed in. Components read it through useSession().
 */
export interface Session {
  token: string;
  user: TeacherUser;
  onlineClassSwitch: boolean;
}

const KEY = 'ondoku.session';
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export const sessionStore = {
  get: () => current,
  token: () => current?.token ?? null,
  set(session: Session) {
    current = session;
    localStorage.setItem(KEY, JSON.stringify(session));
    emit();
  },
  update(patch: Partial<Omit<Session, 'token'>>) {
    if (!current) return;
    sessionStore.set({ ...current, ...patch });
  },
  clear() {
    current = null;
    localStorage.removeItem(KEY);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);

/** A stable id for this browser, sent as device_code at sign-in. */
export function deviceCode(): string {
  const k = 'ondoku.device';
  let id = localStorage.getItem(k);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(k, id);
  }
  return id;
}
