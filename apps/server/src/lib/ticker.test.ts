import { describe, expect, it } from 'vitest';
import { createTicker } from './ticker.js';

/** A tick that waits until released, counting its runs. */
function gatedTick() {
  let runs = 0;
  let release: () => void = () => {};
  const tick = () => {
    runs++;
    return new Promise<void>((r) => (release = r));
  };
  return { tick, runs: () => runs, release: () => release() };
}
const turn = () => new Promise((r) => setTimeout(r, 5));

describe('createTicker', () => {
  it('a kick runs a tick only once started; kicks during a tick run it once more after it', async () => {
    const g = gatedTick();
    const ticker = createTicker(g.tick, { name: 'test' });
    ticker.kick();
    expect(g.runs()).toBe(0);
    ticker.start(60_000);
    ticker.kick();
    expect(g.runs()).toBe(1);
    ticker.kick();
    ticker.kick();
    g.release();
    await turn();
    expect(g.runs()).toBe(2); // the two kicks during the first tick made one more
    g.release();
    await turn();
    expect(g.runs()).toBe(2);
    await ticker.stop();
  });

  it('never overlaps ticks on its interval; stop waits for the running tick and ends the kicks', async () => {
    const g = gatedTick();
    const ticker = createTicker(g.tick, { name: 'test' });
    ticker.start(2);
    await turn();
    await turn();
    expect(g.runs()).toBe(1); // the interval fired several times while the first tick ran
    ticker.kick();
    let stopped = false;
    const stopping = ticker.stop().then(() => (stopped = true));
    await turn();
    expect(stopped).toBe(false);
    g.release();
    await stopping;
    await turn();
    expect(g.runs()).toBe(1); // the kick before stop was dropped
    ticker.kick();
    expect(g.runs()).toBe(1);
  });

  it('a failed tick is logged and the next one runs', async () => {
    const errors: string[] = [];
    const log = { error: (_: unknown, msg: string) => errors.push(msg) } as never;
    let runs = 0;
    const ticker = createTicker(
      async () => {
        runs++;
        throw new Error('x');
      },
      { log, name: 'test' },
    );
    ticker.start(60_000);
    ticker.kick();
    await turn();
    ticker.kick();
    await turn();
    expect(runs).toBe(2);
    expect(errors).toEqual(['test tick failed', 'test tick failed']);
    await ticker.stop();
  });
});
