/** The codes the tasks API checks (modules/tasks/README.md). Run, cancel and retry need no code of their own: whoever may submit acts on their own tasks. */
export const TASK_PERMISSIONS = { submit: 'task:task:submit' } as const;

/** The schedules' codes (modules/tasks/schedules/README.md). */
export const SCHEDULE_PERMISSIONS = {
  add: 'task:schedule:add',
  edit: 'task:schedule:edit',
  remove: 'task:schedule:remove',
} as const;

export const TASK_STATES = ['pending', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** A task as GET /tasks and GET /tasks/{id} answer it (the fields the page shows). */
export interface Task {
  id: string;
  type: string;
  state: TaskState;
  progress: { percent: number; message: string | null } | null;
  attempts: number;
  maxAttempts: number;
  payload: unknown;
  result: unknown;
  error: string | null;
  runAt: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  version: number;
}

/** One attempt, as GET /tasks/{id}/attempts answers it. */
export interface TaskAttempt {
  number: number;
  startedAt: string;
  finishedAt: string | null;
  outcome: 'succeeded' | 'failed' | 'cancelled' | 'lost' | null;
  error: string | null;
}

/** A type of GET /tasks/types. */
export interface TaskType {
  type: string;
  title: string;
  description: string | null;
  permission: string;
  payloadSchema: unknown;
  reportsProgress: boolean;
}

/** States a task leaves by itself: while a task shown is in one, the page asks again. */
const LIVE: ReadonlySet<TaskState> = new Set(['queued', 'running', 'scheduled']);

export function isLive(task: Pick<Task, 'state'> | undefined): boolean {
  return task !== undefined && LIVE.has(task.state);
}

/** How often a page with a live task asks again. */
export const POLL_MS = 1000;

export type TaskAction = 'run' | 'cancel' | 'retry';

/** The actions the API allows from each state (any other is 409 TASK_INVALID_TRANSITION_409). */
export function actionsFor(state: TaskState): TaskAction[] {
  switch (state) {
    case 'pending':
    case 'scheduled':
      return ['run', 'cancel'];
    case 'queued':
    case 'running':
      return ['cancel'];
    case 'failed':
    case 'cancelled':
      return ['retry'];
    default:
      return [];
  }
}

/** A schedule as GET /tasks/schedules answers it (the fields the page shows). */
export interface Schedule {
  id: string;
  name: string;
  cron: string;
  timezone: string;
  type: string;
  payload: unknown;
  enabled: boolean;
  nextFireTimes: string[];
  lastFiredAt: string | null;
  version: number;
}
