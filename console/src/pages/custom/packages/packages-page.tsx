import { useTranslation } from '@refinedev/core';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { ListCard, useListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { StatusTag } from '../../status';
import type { CustomPageProps } from '../registry';
import { PACKAGE_PERMISSIONS, type TenantPackage } from './package';
import { PackageForm } from './package-form';

/**
 * The tenant packages: the permissions each lets a tenant use, with the keyword and status
 * filters, create and edit in a dialog, and delete (refused with the API's message while a
 * tenant uses the package); each for whoever holds its permission.
 */
export default function PackagesPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const table = useListTable<TenantPackage>('tenants/packages');
  // undefined: closed; null: a new package.
  const [editing, setEditing] = useState<TenantPackage | null>();

  const columns: TableColumnType<TenantPackage>[] = [
    { dataIndex: 'name', title: t('packages.name'), sorter: true },
    { dataIndex: 'status', title: t('fields.status'), render: (status: TenantPackage['status']) => <StatusTag status={status} /> },
    { dataIndex: 'permissions', title: t('permissions.title'), render: (codes: string[]) => t('packages.permissionCount', { count: codes.length }) },
    { dataIndex: 'remark', title: t('fields.remark') },
    { dataIndex: 'createdAt', title: t('packages.createdAt'), sorter: true, render: (value: string) => new Date(value).toLocaleString() },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, record) => <RowActions resource="tenants/packages" record={record} permissions={PACKAGE_PERMISSIONS} onEdit={() => setEditing(record)} />,
    },
  ];

  return (
    <ListCard
      title={menu.title}
      create={{ resource: 'tenants/packages', permission: PACKAGE_PERMISSIONS.add, onClick: () => setEditing(null) }}
      filters={{ name: 'packageFilters' }}
      columns={columns}
      table={table}
    >
      {editing !== undefined && <PackageForm editing={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </ListCard>
  );
}
