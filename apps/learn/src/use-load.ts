import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads data for a screen, again whenever `key` changes or `reload()` is called: `data` (kept
 * while reloading), `error` when the call failed (the request layer already told the child).
 */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [tick, setTick] = useState(0);
  const current = `${key}#${tick}`;
  const [state, setState] = useState<{ at: string; data: T | null; error: Error | null }>({
    at: '',
    data: null,
    error: null,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => live && setState({ at: current, data, error: null }),
      (error: Error) => live && setState((s) => ({ at: current, data: s.data, error })),
    );
    return () => {
      live = false;
    };
  }, [current]);
  const loading = state.at !== current;
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: loading ? null : state.error, loading, reload };
}
