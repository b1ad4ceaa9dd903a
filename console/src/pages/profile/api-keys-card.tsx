import { CanAccess, useDelete, useTranslation, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Popconfirm, Space, Tag, Typography, type TableColumnType } from 'antd';
import { PagedTable } from '../paged-table';
import { Time } from '../custom/tasks/display';
import { NewApiKeyButton } from './new-api-key';

/** Where the keys are, and what each route needs (modules/api-keys/README.md). */
export const API_KEYS = 'me/api-keys';
const LIST = 'me:api-key:list';
const REMOVE = 'me:api-key:remove';

/** A key as GET /me/api-keys lists it: never its secret. */
interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** The caller's API keys, for those who may list them: the list is not even asked for otherwise. */
export function ApiKeysCard() {
  return (
    <CanAccess resource={API_KEYS} action="list" params={{ permission: LIST }}>
      <ApiKeysList />
    </CanAccess>
  );
}

/**
 * What each key may do, until when, when it was last used; a new one (its secret shown once),
 * and revoking one, which its next request anywhere feels.
 */
function ApiKeysList() {
  const { translate: t } = useTranslation();
  const { mutate: revoke } = useDelete();
  const { tableProps, tableQuery } = useTable<ApiKey, HttpError>({
    resource: API_KEYS,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: false,
  });

  const columns: TableColumnType<ApiKey>[] = [
    { dataIndex: 'name', title: t('apiKeys.name'), sorter: true },
    { dataIndex: 'prefix', title: t('apiKeys.prefix'), render: (prefix: string) => <Typography.Text code>{prefix}…</Typography.Text> },
    {
      dataIndex: 'permissions',
      title: t('apiKeys.permissions'),
      render: (codes: string[]) => (
        <Space size={[0, 4]} wrap>
          {codes.map((code) => (
            <Tag key={code}>{code}</Tag>
          ))}
        </Space>
      ),
    },
    { dataIndex: 'expiresAt', title: t('apiKeys.expiresAt'), render: (value: string | null) => (value ? <Time value={value} /> : t('apiKeys.never')) },
    { dataIndex: 'lastUsedAt', title: t('apiKeys.lastUsedAt'), sorter: true, render: (value: string | null) => <Time value={value} /> },
    { dataIndex: 'createdAt', title: t('apiKeys.createdAt'), sorter: true, render: (value: string) => <Time value={value} /> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, key) => (
        <CanAccess resource={API_KEYS} action="delete" params={{ permission: REMOVE }}>
          <Popconfirm
            title={t('apiKeys.revokeConfirm', { name: key.name })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              revoke({ resource: API_KEYS, id: key.id, successNotification: () => ({ type: 'success', message: t('apiKeys.revoked', { name: key.name }) }) })
            }
          >
            <Button size="small" danger>
              {t('apiKeys.revoke')}
            </Button>
          </Popconfirm>
        </CanAccess>
      ),
    },
  ];

  return (
    <Card title={t('apiKeys.title')} extra={<NewApiKeyButton />}>
      <Typography.Paragraph type="secondary">{t('apiKeys.hint')}</Typography.Paragraph>
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
    </Card>
  );
}
