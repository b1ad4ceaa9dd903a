import type { ModuleEnvironment } from '@atrium/kernel';

/** The operator's settings of the task workers, from the environment (docs/tasks.md). */
export interface TasksConfig {
  /** Handlers this instance runs at once; 0: it submits and answers, other instances run. */
  concurrency: number;
  /** How long a running task is this instance's without a heartbeat. */
  leaseMs: number;
  /** The backoff before the second attempt; doubled for each further one, at most an hour. */
  retryDelayMs: number;
  /** How long a stop waits for running handlers before it aborts them (the kernel's shutdown time). */
  shutdownMs: number;
  /** How often an idle instance asks for work. */
  pollMs: number;
}

export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
const POLL_MS = 500;

/** The settings, or one error naming every variable that is wrong. */
export function readTasksConfig(environment: ModuleEnvironment): TasksConfig {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    try {
      return environment.integer(name, fallback, min, max);
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };
  const config: TasksConfig = {
    concurrency: integer('TASKS_CONCURRENCY', 2, 0, 100),
    leaseMs: integer('TASKS_LEASE_MS', 30_000, 1_000, 3_600_000),
    retryDelayMs: integer('TASKS_RETRY_DELAY_MS', 1_000, 0, MAX_RETRY_DELAY_MS),
    shutdownMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    pollMs: POLL_MS,
  };
  if (problems.length > 0) throw new Error(`invalid tasks configuration:\n  ${problems.join('\n  ')}`);
  return config;
}
