import { CanAccess, useCustomMutation, useInvalidate, useTranslation } from '@refinedev/core';
import { Button, Space } from 'antd';
import { actionsFor, TASK_PERMISSIONS, type Task, type TaskAction } from './task';

/**
 * Run, cancel or retry, as the task's state allows, sent with the version the page read: a task
 * that moved on meanwhile is the API's 409, shown as a notification. The list and the task's
 * detail are read again either way.
 */
export function TaskActions({ task }: { task: Task }) {
  const { translate: t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<Task>();
  const act = (action: TaskAction) =>
    mutate(
      {
        url: `/tasks/${encodeURIComponent(task.id)}/${action}?version=${task.version}`,
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t(`tasks.${action}Done`) }),
      },
      { onSettled: () => void invalidate({ resource: 'tasks', invalidates: ['list', 'detail'], id: task.id }) },
    );
  return (
    <CanAccess resource="tasks" action="edit" params={{ permission: TASK_PERMISSIONS.submit }}>
      <Space wrap>
        {actionsFor(task.state).map((action) => (
          <Button key={action} size="small" danger={action === 'cancel'} loading={mutation.isPending} onClick={() => act(action)}>
            {t(`tasks.${action}`)}
          </Button>
        ))}
      </Space>
    </CanAccess>
  );
}
