import { useCustom, useOne, useTranslation } from '@refinedev/core';
import { Alert, Descriptions, Drawer, Progress, Space, Spin, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { JsonBlock, StateTag, Time } from './display';
import { isLive, POLL_MS, type Task, type TaskAttempt } from './task';
import { TaskActions } from './task-actions';

/**
 * One task: its state (read again every second while it is queued, running or scheduled), its
 * progress, payload, result or error, and every attempt with its outcome.
 */
export function TaskDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const { query, result: task } = useOne<Task>({
    resource: 'tasks',
    id,
    queryOptions: { refetchInterval: (current) => (isLive(current.state.data?.data) ? POLL_MS : false) },
  });
  const attempts = useCustom<{ items: TaskAttempt[] }>({ url: `/tasks/${encodeURIComponent(id)}/attempts`, method: 'get' });
  const refetchAttempts = attempts.query.refetch;
  // An attempt starts or ends with a state change, which moves the version.
  useEffect(() => void refetchAttempts(), [task?.version, refetchAttempts]);

  return (
    <Drawer open title={task ? t('tasks.detailOf', { type: task.type }) : t('tasks.detail')} width="min(720px, 100vw)" onClose={onClose} destroyOnHidden>
      {!query.isSuccess || !task ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('tasks.id')}>
              <Typography.Text copyable>{task.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('tasks.state')}>
              <StateTag state={task.state} />
            </Descriptions.Item>
            {task.progress && (
              <Descriptions.Item label={t('tasks.progress')}>
                <Progress percent={task.progress.percent} size="small" />
                {task.progress.message}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('tasks.attempts')}>
              {t('tasks.attemptsOf', { attempts: task.attempts, maxAttempts: task.maxAttempts })}
            </Descriptions.Item>
            <Descriptions.Item label={t('tasks.createdAt')}>
              <Time value={task.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tasks.runAt')}>
              <Time value={task.runAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tasks.startedAt')}>
              <Time value={task.startedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tasks.finishedAt')}>
              <Time value={task.finishedAt} />
            </Descriptions.Item>
          </Descriptions>
          <TaskActions task={task} />
          {task.error && <Alert type="error" showIcon message={t('tasks.error')} description={task.error} />}
          {task.state === 'succeeded' && (
            <section aria-label={t('tasks.result')}>
              <Typography.Title level={5}>{t('tasks.result')}</Typography.Title>
              <JsonBlock value={task.result} />
            </section>
          )}
          <section aria-label={t('tasks.payload')}>
            <Typography.Title level={5}>{t('tasks.payload')}</Typography.Title>
            <JsonBlock value={task.payload} />
          </section>
          <Table<TaskAttempt>
            size="small"
            rowKey="number"
            pagination={false}
            scroll={{ x: true }}
            loading={attempts.query.isFetching && !attempts.query.isSuccess}
            dataSource={attempts.query.isSuccess ? attempts.result.data.items : []}
            columns={[
              { dataIndex: 'number', title: '#' },
              { dataIndex: 'startedAt', title: t('tasks.startedAt'), render: (value: string) => <Time value={value} /> },
              { dataIndex: 'finishedAt', title: t('tasks.finishedAt'), render: (value: string | null) => <Time value={value} /> },
              {
                dataIndex: 'outcome',
                title: t('tasks.outcome'),
                render: (value: TaskAttempt['outcome']) => (value ? t(`tasks.outcome.${value}`) : t('tasks.state.running')),
              },
              { dataIndex: 'error', title: t('tasks.error'), render: (value: string | null) => value ?? '—' },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
