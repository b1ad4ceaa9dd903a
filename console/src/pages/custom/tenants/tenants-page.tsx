import { CanAccess, useTranslation, useUpdate } from '@refinedev/core';
import { Button, Popconfirm, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { ListCard, useListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { StatusTag } from '../../status';
import type { CustomPageProps } from '../registry';
import { DEFAULT_TENANT_CODE, TENANT_PERMISSIONS, usePackages, type Tenant } from './tenant';
import { TenantForm } from './tenant-form';

/**
 * The tenants menu's page: each tenant with its status, package and expiry; create (with the
 * tenant's first administrator), edit, enable and disable (disabling ends its users' sessions
 * at once, so it is asked once more) and delete. The default tenant is neither disabled nor
 * deleted: the API refuses both, so neither is offered.
 */
export default function TenantsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const packages = usePackages();
  const { mutate: update } = useUpdate();
  const table = useListTable<Tenant>('tenants');
  // undefined: closed; null: a new tenant.
  const [editing, setEditing] = useState<Tenant | null>();
  const setStatus = (tenant: Tenant, status: Tenant['status']) =>
    update({ resource: 'tenants', id: tenant.id, values: { status }, meta: { version: tenant.version } });

  const columns: TableColumnType<Tenant>[] = [
    { dataIndex: 'code', title: t('tenants.code'), sorter: true },
    { dataIndex: 'name', title: t('tenants.name'), sorter: true },
    { dataIndex: 'status', title: t('fields.status'), render: (status: Tenant['status']) => <StatusTag status={status} /> },
    { dataIndex: 'packageId', title: t('tenants.package'), render: (id: string | null) => (id ? packages.nameOf(id) : t('tenants.noPackage')) },
    {
      dataIndex: 'expiresAt',
      title: t('tenants.expiresAt'),
      sorter: true,
      render: (at: string | null) =>
        at ? (
          <>
            {new Date(at).toLocaleString()} {Date.parse(at) <= Date.now() && <Tag color="red">{t('tenants.expired')}</Tag>}
          </>
        ) : (
          t('tenants.never')
        ),
    },
    { dataIndex: 'userLimit', title: t('tenants.userLimit'), render: (limit: number | null) => limit ?? t('tenants.noLimit') },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, tenant) => {
        const isDefault = tenant.code === DEFAULT_TENANT_CODE;
        return (
          <RowActions resource="tenants" record={tenant} permissions={TENANT_PERMISSIONS} onEdit={() => setEditing(tenant)} removable={!isDefault}>
            {!isDefault && (
              <CanAccess resource="tenants" action="edit" params={{ permission: TENANT_PERMISSIONS.edit }}>
                {tenant.status === 'active' ? (
                  <Popconfirm
                    title={t('tenants.disableConfirm')}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => setStatus(tenant, 'disabled')}
                  >
                    <Button size="small">{t('tenants.disable')}</Button>
                  </Popconfirm>
                ) : (
                  <Button size="small" onClick={() => setStatus(tenant, 'active')}>
                    {t('tenants.enable')}
                  </Button>
                )}
              </CanAccess>
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <ListCard
      title={menu.title}
      create={{ resource: 'tenants', permission: TENANT_PERMISSIONS.add, onClick: () => setEditing(null) }}
      filters={{ name: 'tenantFilters' }}
      table={table}
      columns={columns}
    >
      {editing !== undefined && <TenantForm tenant={editing ?? undefined} packages={packages} onClose={() => setEditing(undefined)} />}
    </ListCard>
  );
}
