import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * The page's audio: only one plays at a time (docs/library-web.md, "The preview views"). Every player registers its element
 * here; when one starts, every other is paused. Model audio (原文を再生), a child's recording
 * (録音を再生), a dialog partner's turn and the article's seek-bar control all go through it.
 */
const players = new Set<HTMLMediaElement>();

function onPlay(this: HTMLMediaElement) {
  for (const other of players) if (other !== this && !other.paused) other.pause();
}

export const audioController = {
  register(el: HTMLMediaElement) {
    players.add(el);
    el.addEventListener('play', onPlay);
    return () => {
      el.removeEventListener('play', onPlay);
      players.delete(el);
    };
  },
  /** Pause everything (e.g. when the preview drawer closes). */
  stopAll() {
    for (const el of players) if (!el.paused) el.pause();
  },
};

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export interface AudioPlayer {
  status: PlayerStatus;
  /** The audio can play (canplay fired): controls are enabled from here on. */
  ready: boolean;
  currentTime: number;
  duration: number;
  /** Which part is playing, e.g. a sentence's key; null for the whole file. */
  part: string | null;
  error: boolean;
  /** Play all, or one part [startMs, endMs) of the file (an article's sentence). */
  play(range?: { key: string; startMs: number; endMs: number }): void;
  pause(): void;
  /** Stop: pause and go back to the start (controls reset on stop). */
  stop(): void;
  seek(seconds: number): void;
}

/**
 * One audio file as a player. The element is created on mount with `preload` (`none` for the
 * many buttons of a list, `auto` for a seek-bar control that must know when it can play).
 */
export function useAudioPlayer(
  src: string | null | undefined,
  preload: 'none' | 'metadata' | 'auto' = 'none',
): AudioPlayer {
  const ref = useRef<HTMLAudioElement | null>(null);
  const endRef = useRef<number | null>(null);
  const [state, setState] = useState({
    status: 'idle' as PlayerStatus,
    ready: false,
    currentTime: 0,
    duration: 0,
    part: null as string | null,
    error: false,
  });

  useEffect(() => {
    if (!src) return;
    const el = new Audio();
    el.preload = preload;
    el.src = src;
    ref.current = el;
    const set = (patch: Partial<typeof state>) => setState((s) => ({ ...s, ...patch }));
    const handlers: [string, () => void][] = [
      ['canplay', () => set({ ready: true, error: false })],
      ['loadedmetadata', () => set({ duration: Number.isFinite(el.duration) ? el.duration : 0 })],
      ['durationchange', () => set({ duration: Number.isFinite(el.duration) ? el.duration : 0 })],
      ['playing', () => set({ status: 'playing', ready: true })],
      ['waiting', () => set({ status: 'loading' })],
      ['pause', () => set({ status: el.currentTime > 0 && !el.ended ? 'paused' : 'idle' })],
      [
        'ended',
        () => {
          endRef.current = null;
          el.currentTime = 0;
          set({ status: 'idle', currentTime: 0, part: null });
        },
      ],
      [
        'timeupdate',
        () => {
          const end = endRef.current;
          if (end !== null && el.currentTime * 1000 >= end) {
            endRef.current = null;
            el.pause();
            set({ status: 'idle', part: null, currentTime: el.currentTime });
            return;
          }
          set({ currentTime: el.currentTime });
        },
      ],
      ['error', () => set({ error: true, status: 'idle', ready: false })],
    ];
    for (const [name, fn] of handlers) el.addEventListener(name, fn);
    const unregister = audioController.register(el);
    return () => {
      for (const [name, fn] of handlers) el.removeEventListener(name, fn);
      unregister();
      if (!el.paused) el.pause();
      el.removeAttribute('src');
      ref.current = null;
      setState({ status: 'idle', ready: false, currentTime: 0, duration: 0, part: null, error: false });
    };
  }, [src, preload]);

  const play = useCallback((range?: { key: string; startMs: number; endMs: number }) => {
    const el = ref.current;
    if (!el) return;
    if (range) {
      endRef.current = range.endMs;
      el.currentTime = range.startMs / 1000;
    } else {
      endRef.current = null;
    }
    setState((s) => ({ ...s, status: 'loading', part: range?.key ?? null }));
    el.play().catch(() => setState((s) => ({ ...s, status: 'idle', part: null })));
  }, []);
  const pause = useCallback(() => ref.current?.pause(), []);
  const stop = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    endRef.current = null;
    el.pause();
    el.currentTime = 0;
    setState((s) => ({ ...s, status: 'idle', currentTime: 0, part: null }));
  }, []);
  const seek = useCallback((seconds: number) => {
    const el = ref.current;
    if (!el) return;
    el.currentTime = seconds;
    setState((s) => ({ ...s, currentTime: seconds }));
  }, []);

  return { ...state, play, pause, stop, seek };
}

/** A recording made in this page (a Blob) as an object URL, revoked when replaced or unmounted. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
