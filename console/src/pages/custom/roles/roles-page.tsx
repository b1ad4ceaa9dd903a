import { CanAccess, useTranslation, useUpdate } from '@refinedev/core';
import { Switch, type TableColumnType } from 'antd';
import { useState } from 'react';
import { ListCard, useListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { StatusTag } from '../../status';
import type { CustomPageProps } from '../registry';
import { ROLE_PERMISSIONS, type Role } from './role';
import { RoleForm } from './role-form';

/**
 * The roles menu's page: the roles, a page at a time, with the keyword and status filters,
 * sorting on the list's whitelist, the status switch that enables or disables a role, create and
 * edit in a dialog, and delete; each for whoever holds its permission. The API's refusals (the
 * administrator role, a role still held) arrive as notifications with its message.
 */
export default function RolesPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { mutate: update } = useUpdate();
  const table = useListTable<Role>('roles');
  // undefined: closed; null: a new role.
  const [editing, setEditing] = useState<Role | null>();

  const columns: TableColumnType<Role>[] = [
    { dataIndex: 'code', title: t('roles.code'), sorter: true },
    { dataIndex: 'name', title: t('roles.name'), sorter: true },
    {
      dataIndex: 'status',
      title: t('fields.status'),
      render: (status: Role['status'], role) => (
        <CanAccess resource="roles" action="edit" params={{ permission: ROLE_PERMISSIONS.edit }} fallback={<StatusTag status={status} />}>
          <Switch
            size="small"
            aria-label={t('roles.enabled', { code: role.code })}
            checked={status === 'active'}
            onChange={(on) => update({ resource: 'roles', id: role.id, values: { status: on ? 'active' : 'disabled' }, meta: { version: role.version } })}
          />
        </CanAccess>
      ),
    },
    { dataIndex: 'dataScope', title: t('roles.dataScope'), render: (scope: Role['dataScope']) => t(`roles.dataScope.${scope}`) },
    { dataIndex: 'createdAt', title: t('roles.createdAt'), sorter: true, render: (value: string) => new Date(value).toLocaleString() },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, role) => <RowActions resource="roles" record={role} permissions={ROLE_PERMISSIONS} onEdit={() => setEditing(role)} />,
    },
  ];

  return (
    <ListCard
      title={menu.title}
      create={{ resource: 'roles', permission: ROLE_PERMISSIONS.add, onClick: () => setEditing(null) }}
      columns={columns}
      table={table}
      filters={{ name: 'roleFilters' }}
    >
      {editing !== undefined && <RoleForm editing={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </ListCard>
  );
}
