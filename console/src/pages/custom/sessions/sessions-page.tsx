import { CanAccess, useDelete, useTranslation, type CrudFilter, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Input, Popconfirm, type TableColumnType } from 'antd';
import { PagedTable } from '../../paged-table';
import { SearchForm } from '../audit/search-form';
import type { CustomPageProps } from '../registry';
import { Clipped, Time } from '../tasks/display';

/** The permission behind forced logout (modules/auth/README.md). */
const FORCE_LOGOUT = 'system:session:forceLogout';

/** An online session, as GET /system/sessions lists it. */
interface Session {
  id: string;
  userId: string;
  username: string;
  ip: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/**
 * The sessions neither revoked nor expired: who, from where, with what, since when and until
 * when. Force logout (asked once more) ends one at once: its tokens are refused from the next
 * request on.
 */
export default function SessionsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { mutate: end } = useDelete();
  const { tableProps, searchFormProps, tableQuery } = useTable<Session, HttpError, Record<string, unknown>>({
    resource: 'system/sessions',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'lastSeenAt', order: 'desc' }] },
    syncWithLocation: false,
    onSearch: (values) => Object.entries(values).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
  });

  const columns: TableColumnType<Session>[] = [
    { dataIndex: 'username', title: t('sessions.username') },
    { dataIndex: 'ip', title: t('sessions.ip') },
    {
      dataIndex: 'userAgent',
      title: t('sessions.userAgent'),
      render: (agent: string) => <Clipped text={agent} />,
    },
    { dataIndex: 'createdAt', title: t('sessions.createdAt'), sorter: true, render: (value: string) => <Time value={value} /> },
    { dataIndex: 'lastSeenAt', title: t('sessions.lastSeenAt'), sorter: true, render: (value: string) => <Time value={value} /> },
    { dataIndex: 'expiresAt', title: t('sessions.expiresAt'), render: (value: string) => <Time value={value} /> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, session) => (
        <CanAccess resource="system/sessions" action="delete" params={{ permission: FORCE_LOGOUT }}>
          <Popconfirm
            title={t('sessions.forceLogoutConfirm', { username: session.username })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              end({
                resource: 'system/sessions',
                id: session.id,
                successNotification: () => ({ type: 'success', message: t('sessions.loggedOut', { username: session.username }) }),
              })
            }
          >
            <Button size="small" danger>
              {t('sessions.forceLogout')}
            </Button>
          </Popconfirm>
        </CanAccess>
      ),
    },
  ];

  return (
    <Card title={menu.title}>
      <SearchForm searchFormProps={searchFormProps} name="sessionFilters">
        <Form.Item name="username" label={t('sessions.username')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="ip" label={t('sessions.ip')}>
          <Input allowClear />
        </Form.Item>
      </SearchForm>
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
    </Card>
  );
}
