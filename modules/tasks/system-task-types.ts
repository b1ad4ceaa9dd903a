import { Type } from '@atrium/kernel';
import { defineTaskHandler, type TaskHandlers } from './api';

/** `system.echo`: the payload back as the result; the smallest task there is (tests, benchmarks). */
export const echoTask = defineTaskHandler({
  type: 'system.echo',
  title: 'Echo',
  // Touches no data: anyone who may submit tasks may echo.
  permission: 'task:task:submit',
  description: 'Succeeds at once with the payload as its result.',
  payload: Type.Object({}, { additionalProperties: true, description: 'Any JSON object.' }),
  run: (payload) => payload,
});

export const SLEEP_MAX_MS = 3_600_000;
/** How often a sleep reports how far it is. */
const PROGRESS_EVERY_MS = 1_000;

/** `system.sleep`: waits `ms`, reporting progress, and stops at once when cancelled. */
export const sleepTask = defineTaskHandler({
  type: 'system.sleep',
  title: 'Sleep',
  // Touches no data, and holds a worker at most an hour (SLEEP_MAX_MS).
  permission: 'task:task:submit',
  description: 'Waits the given milliseconds, reporting its progress; a cancel stops it at once.',
  payload: Type.Object({ ms: Type.Integer({ minimum: 0, maximum: SLEEP_MAX_MS, description: 'How long to wait, in milliseconds.' }) }),
  reportsProgress: true,
  run: ({ ms }, task) =>
    new Promise<{ sleptMs: number }>((resolve, reject) => {
      const started = Date.now();
      const report = setInterval(() => task.progress(((Date.now() - started) / ms) * 100, 'sleeping'), Math.min(PROGRESS_EVERY_MS, Math.max(ms / 10, 10)));
      const done = setTimeout(() => finish(() => resolve({ sleptMs: ms })), ms);
      const onAbort = () => finish(() => reject(task.signal.reason));
      function finish(settle: () => void): void {
        clearInterval(report);
        clearTimeout(done);
        task.signal.removeEventListener('abort', onAbort);
        settle();
      }
      if (task.signal.aborted) return onAbort();
      task.signal.addEventListener('abort', onAbort, { once: true });
    }),
});

/** The tasks module's own contribution to `tasks.handler`. */
export const systemTaskTypes = (): TaskHandlers => ({ handlers: [echoTask, sleepTask] });
