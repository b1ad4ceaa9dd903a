import { CanAccess, useTranslation, type CrudFilter, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Progress, Select, Space, type TableColumnType } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../paged-table';
import { SearchForm } from '../audit/search-form';
import type { CustomPageProps } from '../registry';
import { StateTag, Time } from './display';
import { SubmitTask } from './submit-task';
import { isLive, POLL_MS, TASK_PERMISSIONS, TASK_STATES, type Task } from './task';
import { TaskActions } from './task-actions';
import { TaskDrawer } from './task-drawer';
import { useTaskTypes } from './task-types';

/**
 * The caller's tasks (everyone's for a task administrator): state, attempts, progress and times,
 * read again every second while any task shown is queued, running or scheduled; run, cancel and
 * retry as each state allows; a task's detail in a drawer; and a dialog to submit one.
 */
export default function TasksPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const types = useTaskTypes();
  const [submitting, setSubmitting] = useState(false);
  const [shown, setShown] = useState<string>();
  const { tableProps, searchFormProps, tableQuery } = useTable<Task, HttpError, Record<string, unknown>>({
    resource: 'tasks',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: false,
    queryOptions: { refetchInterval: (query) => (query.state.data?.data.some(isLive) ? POLL_MS : false) },
    onSearch: (values) => Object.entries(values).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
  });

  const columns: TableColumnType<Task>[] = [
    { dataIndex: 'type', title: t('tasks.type'), sorter: true },
    { dataIndex: 'state', title: t('tasks.state'), sorter: true, render: (state: Task['state']) => <StateTag state={state} /> },
    {
      key: 'attempts',
      title: t('tasks.attempts'),
      render: (_, task) => t('tasks.attemptsOf', { attempts: task.attempts, maxAttempts: task.maxAttempts }),
    },
    {
      dataIndex: 'progress',
      title: t('tasks.progress'),
      render: (progress: Task['progress']) => (progress ? <Progress percent={progress.percent} size="small" style={{ minWidth: 100 }} /> : '—'),
    },
    { dataIndex: 'createdAt', title: t('tasks.createdAt'), sorter: true, render: (value: string) => <Time value={value} /> },
    { dataIndex: 'startedAt', title: t('tasks.startedAt'), render: (value: string | null) => <Time value={value} /> },
    { dataIndex: 'finishedAt', title: t('tasks.finishedAt'), sorter: true, render: (value: string | null) => <Time value={value} /> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, task) => (
        <Space wrap>
          <Button size="small" onClick={() => setShown(task.id)}>
            {t('tasks.details')}
          </Button>
          <TaskActions task={task} />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={menu.title}
      extra={
        <Space wrap>
          {/* Tasks also come from schedules and other clients: read the list again on demand. */}
          <Button onClick={() => void tableQuery.refetch()}>{t('tasks.refresh')}</Button>
          <CanAccess resource="tasks" action="create" params={{ permission: TASK_PERMISSIONS.submit }}>
            <Button type="primary" onClick={() => setSubmitting(true)}>
              {t('tasks.submit')}
            </Button>
          </CanAccess>
        </Space>
      }
    >
      <SearchForm searchFormProps={searchFormProps} name="taskFilters">
        <Form.Item name="state" label={t('tasks.state')}>
          <Select allowClear style={{ minWidth: 140 }} options={TASK_STATES.map((state) => ({ value: state, label: t(`tasks.state.${state}`) }))} />
        </Form.Item>
        <Form.Item name="type" label={t('tasks.type')}>
          <Select allowClear style={{ minWidth: 180 }} options={types.map(({ type }) => ({ value: type, label: type }))} />
        </Form.Item>
      </SearchForm>
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
      {submitting && (
        <SubmitTask
          onClose={() => setSubmitting(false)}
          onSubmitted={(task) => {
            setSubmitting(false);
            setShown(task.id);
          }}
        />
      )}
      {shown && <TaskDrawer id={shown} onClose={() => setShown(undefined)} />}
    </Card>
  );
}
