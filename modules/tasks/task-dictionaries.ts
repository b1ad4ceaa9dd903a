import { contribute } from '@atrium/kernel';
import { BuiltinDictionariesSpi, defineDictionary } from '@atrium/module/dictionaries';
import type { TaskState } from './api';

/** Every state a task row stores, in the order a task goes through them; the compiler holds it to `TaskState`. */
const STATE_LABELS: Record<TaskState, { en: string; zh: string }> = {
  pending: { en: 'Pending', zh: '待运行' },
  scheduled: { en: 'Scheduled', zh: '已计划' },
  queued: { en: 'Queued', zh: '排队中' },
  running: { en: 'Running', zh: '运行中' },
  succeeded: { en: 'Succeeded', zh: '已成功' },
  failed: { en: 'Failed', zh: '已失败' },
  cancelled: { en: 'Cancelled', zh: '已取消' },
};

/** `task_state`: the code list of a task's `state`, for forms, filters and exports. */
export const taskDictionaries = contribute(BuiltinDictionariesSpi, () => ({
  dictionaries: [
    defineDictionary({
      code: 'task_state',
      name: { en: 'Task state', zh: '任务状态' },
      items: Object.entries(STATE_LABELS).map(([value, labels]) => ({ value, labels })),
    }),
  ],
}));
