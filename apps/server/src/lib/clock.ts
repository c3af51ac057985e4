/**
 * The time the server goes by. Injected into the app (AppDeps.clock) so tests move time instead
 * of waiting: homework states, publish-time rules and the scheduler all read it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move. */
export function manualClock(start: Date | string) {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (to: Date | string) => {
      t = new Date(to).getTime();
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;
