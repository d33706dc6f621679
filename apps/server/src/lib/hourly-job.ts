import type { FastifyBaseLogger } from 'fastify';
import { HOUR } from './clock.ts';

/**
 * Runs `run` every hour until the returned stop is called (app.ts, on close), which waits for a run
 * in progress; a run still going when the next hour comes is not started twice. Not at start: a
 * restart should not add a sweep of every store to its work. A failure is logged as `what` failed
 * and the next hour tries again.
 */
export function startHourly(run: () => Promise<unknown>, log: Pick<FastifyBaseLogger, 'error'>, what: string) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= run()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, HOUR);
  timer.unref();
  return async (): Promise<void> => {
    clearInterval(timer);
    await running;
  };
}
