import { injectable } from '@atrium/kernel';

/** Why a running handler's signal was aborted. */
export type AbortCause = 'cancelled' | 'lost' | 'stopping';

const EXPLANATIONS: Record<AbortCause, string> = {
  cancelled: 'the task was cancelled',
  lost: 'the task is no longer this worker’s: it was cancelled, or given to another after its lease ran out',
  stopping: 'the server is stopping',
};

/** The reason a handler's AbortSignal carries (`signal.reason`). */
export class TaskAborted extends Error {
  constructor(readonly abortCause: AbortCause) {
    super(EXPLANATIONS[abortCause]);
    this.name = 'TaskAborted';
  }
}

/** The handlers running on this instance, by task id: what a cancel or a stop aborts. */
@injectable()
export class RunningTasks {
  private readonly controllers = new Map<string, AbortController>();

  add(taskId: string): AbortController {
    const controller = new AbortController();
    this.controllers.set(taskId, controller);
    return controller;
  }

  delete(taskId: string, controller: AbortController): void {
    if (this.controllers.get(taskId) === controller) this.controllers.delete(taskId);
  }

  /** Aborts the handler of `taskId` if it runs here; false when it does not. */
  abort(taskId: string, cause: AbortCause): boolean {
    const controller = this.controllers.get(taskId);
    if (!controller) return false;
    controller.abort(new TaskAborted(cause));
    return true;
  }

  abortAll(cause: AbortCause): void {
    for (const taskId of [...this.controllers.keys()]) this.abort(taskId, cause);
  }
}
