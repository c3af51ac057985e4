import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../../lib/session';
import {
  addResources,
  emptySelection,
  parseSelection,
  removeResources,
  setForm,
  setPack,
  type HomeworkSelection,
  type SelectedPack,
  type SelectedResource,
} from './selection';

/**
 * The new-homework selection for the screens, kept in sessionStorage per teacher:
 * a reload or a return to the library in the same tab keeps what was checked, a new tab or
 * another teacher signing in on the same browser starts empty (like the list filters,
 * docs/library.md). The homework form reads it with useHomeworkSelection() and clears it after
 * the homework is created.
 */
const keyFor = (teacherId: number | undefined) => `ondoku.homework-selection.${teacherId ?? 'none'}`;
const listeners = new Set<() => void>();
let cache: { key: string; value: HomeworkSelection } | null = null;

function currentKey() {
  return keyFor(sessionStore.get()?.user.id);
}

function get(): HomeworkSelection {
  const key = currentKey();
  if (cache?.key !== key) {
    let raw: string | null;
    try {
      raw = sessionStorage.getItem(key);
    } catch {
      raw = null; // storage blocked: start empty
    }
    cache = { key, value: parseSelection(raw) };
  }
  return cache.value;
}

function put(next: HomeworkSelection) {
  const key = currentKey();
  cache = { key, value: next };
  try {
    sessionStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the selection still holds for this page.
  }
  for (const l of listeners) l();
}

export const selectionStore = {
  get,
  add: (resources: readonly SelectedResource[] | null) => put(addResources(get(), resources)),
  remove: (ids: readonly (number | string)[]) => put(removeResources(get(), ids)),
  setPack: (pack: SelectedPack | null) => put(setPack(get(), pack)),
  setForm: (form: Record<string, unknown>) => put(setForm(get(), form)),
  clear: () => put(emptySelection),
  /** Forget the in-memory copy (tests simulate a reload with it). */
  reload: () => {
    cache = null;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const off = sessionStore.subscribe(listener);
    return () => {
      listeners.delete(listener);
      off();
    };
  },
};

export const useHomeworkSelection = () => useSyncExternalStore(selectionStore.subscribe, selectionStore.get);
