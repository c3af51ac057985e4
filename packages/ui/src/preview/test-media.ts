import { vi } from 'vitest';

/**
 * jsdom has no media playback: a small stand-in for HTMLMediaElement's play/pause/paused that
 * fires the events a browser fires, so the players and the one-audio rule can be tested.
 * `fireCanPlay()` tells every element its audio is ready.
 */
const paused = new WeakMap<HTMLMediaElement, boolean>();
export const created: HTMLMediaElement[] = [];

export function stubMedia() {
  const proto = HTMLMediaElement.prototype;
  created.length = 0;
  const OriginalAudio = window.Audio;
  vi.stubGlobal(
    'Audio',
    class extends OriginalAudio {
      constructor(src?: string) {
        super(src);
        created.push(this);
      }
    },
  );
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  const play = vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) {
      paused.set(this, true);
      this.dispatchEvent(new Event('pause'));
    }
  });
  vi.spyOn(proto, 'load').mockImplementation(() => {});
  return { play, pause };
}

export const isPlaying = (el: HTMLMediaElement) => paused.get(el) === false;

export function fireCanPlay() {
  for (const el of created) {
    Object.defineProperty(el, 'duration', { value: 20, configurable: true });
    el.dispatchEvent(new Event('loadedmetadata'));
    el.dispatchEvent(new Event('canplay'));
  }
}
