import { CanAccess, useTranslation, useUpdate } from '@refinedev/core';
import { Card, Switch, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useListTable } from '../../list-card';
import { PagedTable } from '../../paged-table';
import { CreateButton, RowActions } from '../../row-actions';
import type { CustomPageProps } from '../registry';
import { PROVIDERS, PROVIDER_PERMISSIONS, type Provider } from './provider';
import { ProviderForm } from './provider-form';

/**
 * The single sign-on menu's page: the tenant's OpenID Connect providers, each enabled or disabled
 * in its row; create and edit in a dialog (which shows the redirect URI to register at the
 * provider), delete confirmed. The client secret is never read back.
 */
export default function ProvidersPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { mutate: update } = useUpdate();
  const table = useListTable<Provider>(PROVIDERS);
  // undefined: closed; null: a new provider.
  const [editing, setEditing] = useState<Provider | null>();

  const columns: TableColumnType<Provider>[] = [
    { dataIndex: 'name', title: t('sso.name'), sorter: true },
    { dataIndex: 'displayName', title: t('sso.displayName') },
    { dataIndex: 'issuer', title: t('sso.issuer') },
    {
      dataIndex: 'enabled',
      title: t('sso.enabled'),
      render: (enabled: boolean, provider) => (
        <CanAccess resource={PROVIDERS} action="edit" params={{ permission: PROVIDER_PERMISSIONS.edit }} fallback={t(enabled ? 'common.yes' : 'common.no')}>
          <Switch
            size="small"
            aria-label={t('sso.enabledOf', { name: provider.name })}
            checked={enabled}
            onChange={(on) => update({ resource: PROVIDERS, id: provider.id, values: { enabled: on }, meta: { version: provider.version } })}
          />
        </CanAccess>
      ),
    },
    { dataIndex: 'jit', title: t('sso.jit'), render: (jit: boolean) => <Tag color={jit ? 'blue' : 'default'}>{t(jit ? 'common.yes' : 'common.no')}</Tag> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, provider) => <RowActions resource={PROVIDERS} record={provider} permissions={PROVIDER_PERMISSIONS} onEdit={() => setEditing(provider)} />,
    },
  ];

  return (
    <Card title={menu.title} extra={<CreateButton resource={PROVIDERS} permission={PROVIDER_PERMISSIONS.add} onClick={() => setEditing(null)} />}>
      <PagedTable tableProps={table.tableProps} columns={columns} totalIsEstimate={table.tableQuery.data?.totalIsEstimate} />
      {editing !== undefined && <ProviderForm provider={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
