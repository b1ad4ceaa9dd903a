import { CanAccess, useCustomMutation, useTranslation } from '@refinedev/core';
import { Form, Select, Switch, type TableColumnType } from 'antd';
import { useNavigate } from 'react-router';
import { ListCard, useListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { JsonBlock, Time } from './display';
import { FireTimes } from './fire-times';
import { SCHEDULE_PERMISSIONS, type Schedule } from './task';

/**
 * The schedules: cron, time zone, the task each submits, the next five fire times and the last;
 * the switch enables or disables one (with the version read), and edit and delete each for whoever
 * holds their permission.
 */
export function ScheduleList({ route, title }: { route: string; title: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: setState } = useCustomMutation<Schedule>();
  const table = useListTable<Schedule>('tasks/schedules');
  const toggle = (schedule: Schedule, on: boolean) =>
    setState(
      { url: `/tasks/schedules/${encodeURIComponent(schedule.id)}/${on ? 'enable' : 'disable'}?version=${schedule.version}`, method: 'post', values: {} },
      { onSettled: () => void table.tableQuery.refetch() },
    );
  /** The form: a schedule's edit, or a new one's. */
  const openForm = (id?: string) => navigate(id === undefined ? `${route}/create` : `${route}/edit/${encodeURIComponent(id)}`);
  const yesNo = (on: boolean) => t(on ? 'common.yes' : 'common.no');

  const filters = {
    name: 'schedules',
    fields: (
      <Form.Item name="enabled" label={t('schedules.enabled')}>
        <Select allowClear style={{ minWidth: 100 }} options={[true, false].map((value) => ({ value, label: yesNo(value) }))} />
      </Form.Item>
    ),
  };
  const columns: TableColumnType<Schedule>[] = [
    { dataIndex: 'name', title: t('schedules.name'), sorter: true },
    { dataIndex: 'cron', title: t('schedules.cron'), render: (cron: string) => <code>{cron}</code> },
    { dataIndex: 'timezone', title: t('schedules.timezone') },
    { dataIndex: 'type', title: t('tasks.type') },
    { dataIndex: 'payload', title: t('tasks.payload'), render: (payload: unknown) => <JsonBlock value={payload} /> },
    {
      dataIndex: 'enabled',
      title: t('schedules.enabled'),
      render: (enabled: boolean, schedule) => (
        <CanAccess resource="tasks/schedules" action="edit" params={{ permission: SCHEDULE_PERMISSIONS.edit }} fallback={yesNo(enabled)}>
          <Switch size="small" aria-label={t('schedules.enabledOf', { name: schedule.name })} checked={enabled} onChange={(on) => toggle(schedule, on)} />
        </CanAccess>
      ),
    },
    { dataIndex: 'nextFireTimes', title: t('schedules.nextFireTimes'), render: (times: string[]) => <FireTimes times={times} /> },
    { dataIndex: 'lastFiredAt', title: t('schedules.lastFiredAt'), render: (value: string | null) => <Time value={value} /> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, schedule) => (
        <RowActions resource="tasks/schedules" record={schedule} permissions={SCHEDULE_PERMISSIONS} onEdit={() => openForm(schedule.id)} />
      ),
    },
  ];

  return (
    <ListCard
      table={table}
      title={title}
      columns={columns}
      filters={filters}
      create={{ resource: 'tasks/schedules', permission: SCHEDULE_PERMISSIONS.add, onClick: () => openForm() }}
    />
  );
}
