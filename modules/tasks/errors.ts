import { defineErrors } from '@atrium/kernel';

/** The tasks' own refusals; not found, stale versions and bad input are the kernel's codes. */
export const TaskErrors = defineErrors({
  TASK_INVALID_TRANSITION_409: {
    en: 'The task is not in a state this action applies to.',
    zh: '任务当前的状态不允许此操作。',
  },
  TASK_IDEMPOTENCY_CONFLICT_409: {
    en: 'This idempotency key was already used for a different task.',
    zh: '此幂等键已用于另一个不同的任务。',
  },
  TASK_TYPE_UNKNOWN_400: {
    en: 'No task type of this name is registered.',
    zh: '没有注册此名称的任务类型。',
  },
});
