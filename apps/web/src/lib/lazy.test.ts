import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_ERROR, loadChunk } from './lazy';

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ x: 1 }))).resolves.toEqual({ x: 1 });
  });

  it('gives up after the timeout (120 s by default) with the Japanese retry message', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}));
    vi.advanceTimersByTime(119_999);
    const settled = vi.fn();
    pending.catch(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await expect(pending).rejects.toThrow(CHUNK_LOAD_ERROR);
    vi.useRealTimers();
  });

  it('turns a failed import into the same message', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toThrow('画面の読み込みに失敗しました');
  });
});
