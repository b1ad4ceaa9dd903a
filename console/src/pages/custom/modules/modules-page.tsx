import { CanAccess, useCustomMutation, useTranslation } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Alert, Button, Card, Space, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useContext, useState } from 'react';
import type { ApiHttpError } from '../../../api/http';
import { MenusRefresh } from '../../../layout/shell';
import type { CustomPageProps } from '../registry';
import { MODULE_PERMISSIONS, type Module } from './module';

/**
 * The modules: state, version and both directions of the dependency graph (what each module
 * needs, what needs it), with enable and disable. A refusal (a dependent still enabled, an
 * essential module) is shown with the API's own reason; a change refreshes the side menu, since
 * the menus of a module come and go with it.
 */
export default function ModulesPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const refreshMenus = useContext(MenusRefresh);
  const [refusal, setRefusal] = useState<ApiHttpError>();
  const { mutate, mutation } = useCustomMutation<Module, ApiHttpError>();
  const { tableProps, tableQuery } = useTable<Module>({ resource: 'system/modules', pagination: { pageSize: 50 }, syncWithLocation: false });

  const change = (module: Module, action: 'enable' | 'disable') => {
    setRefusal(undefined);
    mutate(
      {
        url: `/system/modules/${encodeURIComponent(module.id)}/${action}`,
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t(`modules.${action}d`, { name: module.name }) }),
        // The reason is shown on the page, where it stays until the next change.
        errorNotification: false,
      },
      {
        onSuccess: () => (void tableQuery.refetch(), refreshMenus()),
        onError: setRefusal,
      },
    );
  };

  const links = (ids: string[], color: string) =>
    ids.length
      ? ids.map((id) => (
          <Tag key={id} color={color}>
            {id}
          </Tag>
        ))
      : '—';
  const columns: TableColumnType<Module>[] = [
    { dataIndex: 'id', title: t('modules.id') },
    { dataIndex: 'name', title: t('modules.name') },
    { dataIndex: 'version', title: t('modules.version') },
    {
      dataIndex: 'status',
      title: t('modules.status'),
      render: (status: Module['status']) => <Tag color={status === 'enabled' ? 'green' : 'default'}>{t(`modules.status.${status}`)}</Tag>,
    },
    { dataIndex: 'dependsOn', title: t('modules.dependsOn'), render: (ids: string[]) => links(ids, 'blue') },
    { dataIndex: 'dependents', title: t('modules.dependents'), render: (ids: string[]) => links(ids, 'purple') },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, module) => (
        <CanAccess resource="system/modules" action="edit" params={{ permission: MODULE_PERMISSIONS.edit }}>
          {module.status === 'enabled' ? (
            <Button
              size="small"
              danger
              loading={mutation.isPending}
              aria-label={t('modules.disableOf', { id: module.id })}
              onClick={() => change(module, 'disable')}
            >
              {t('modules.disable')}
            </Button>
          ) : (
            <Button
              size="small"
              type="primary"
              loading={mutation.isPending}
              aria-label={t('modules.enableOf', { id: module.id })}
              onClick={() => change(module, 'enable')}
            >
              {t('modules.enable')}
            </Button>
          )}
        </CanAccess>
      ),
    },
  ];

  return (
    <Card title={menu.title}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {refusal && (
          <Alert
            type="error"
            role="alert"
            showIcon
            closable
            onClose={() => setRefusal(undefined)}
            message={t('modules.refused')}
            description={
              <Space direction="vertical" size={0}>
                <Typography.Text>{refusal.message}</Typography.Text>
                {refusal.details.map((detail, index) => (
                  <Typography.Text key={index} type="secondary">
                    {detail.message}
                  </Typography.Text>
                ))}
              </Space>
            }
          />
        )}
        <Table {...tableProps} rowKey="id" columns={columns} scroll={{ x: true }} />
      </Space>
    </Card>
  );
}
