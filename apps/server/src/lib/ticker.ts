import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `tick` every `intervalMs` once started, one at a time (a tick still running when the next
 * is due is not overlapped), logging a failed tick; `kick()` runs one now (or, when one is running,
 * once more right after it, so work queued during a tick is not left for the next interval);
 * `stop()` waits for the running one. The timer does not keep the process alive. Used by the
 * homework scheduler, the evaluation purge and the download runner.
 */
export function createTicker(tick: () => Promise<unknown>, opts: { log?: FastifyBaseLogger; name: string }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;

  function run() {
    running = tick()
      .catch((err: unknown) => opts.log?.error({ err }, `${opts.name} tick failed`))
      .finally(() => {
        running = null;
        if (again && timer) {
          again = false;
          run();
        }
      });
  }

  return {
    start(intervalMs: number) {
      if (timer) return;
      timer = setInterval(() => {
        if (!running) run();
      }, intervalMs);
      timer.unref();
    },
    /** Run a tick now; only a started ticker runs by itself. */
    kick() {
      if (!timer) return;
      if (running) again = true;
      else run();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running;
    },
  };
}
