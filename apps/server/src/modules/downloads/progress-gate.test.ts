import { describe, expect, it } from 'vitest';
import { PROGRESS_GAP_MS, progressGate } from './runner.js';

describe('progress writes of a download task', () => {
  it('writes when the progress moved 5 points and the last write is old enough, and always 100', () => {
    let clock = 0;
    const due = progressGate(() => clock);
    expect(due(10)).toBe(true);
    clock += PROGRESS_GAP_MS * 2;
    expect(due(12)).toBe(false); // moved less than 5 points
    expect(due(20)).toBe(true);
    // Many slices of a fast export: at most one write per PROGRESS_GAP_MS however far it moved.
    const writes = [26, 34, 42, 50, 58, 66, 74, 82, 90].filter((p) => {
      clock += PROGRESS_GAP_MS / 4;
      return due(p);
    });
    expect(writes).toEqual([50, 82]);
    expect(due(100)).toBe(true);
  });
});
