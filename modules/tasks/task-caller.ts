import { permissionGrants, type Principal } from '@atrium/kernel';

/** Seeing and acting on every user's tasks, not only one's own (checked in code). */
export const TASK_ADMIN = 'task:task:admin';

/** Who asks: a user sees and acts on their own tasks; a task administrator on everyone's. */
export interface TaskCaller {
  userId: string;
  admin: boolean;
  /** What the caller holds: running or retrying a task needs its type's permission too. */
  permissions: readonly string[];
}

export function taskCaller(principal: Principal): TaskCaller {
  return {
    userId: principal.userId,
    admin: principal.permissions.some((granted) => permissionGrants(granted, TASK_ADMIN)),
    permissions: principal.permissions,
  };
}
