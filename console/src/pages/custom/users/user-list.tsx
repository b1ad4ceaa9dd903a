import { CanAccess, useTranslation, useUpdate, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Col, Form, Input, Row, Select, Space, Switch, Tree, type TableColumnType } from 'antd';
import { ExportButton } from '../../export-button';
import { UserImport } from './user-import';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDepartmentTree, type DepartmentNode } from '../departments/department-tree';
import { USER_PERMISSIONS, type User } from './user';
import { ResetPassword } from './reset-password';
import { ResetTwoFactor } from './reset-two-factor';
import { DeleteButton } from '../../delete-button';
import { useDictionaryLabels } from '../../dictionary-labels';
import { PagedTable } from '../../paged-table';

/**
 * The users: the department tree on the left narrows the list to a department and everything
 * under it (the API's `deptId` filter), with the keyword and status filters, paging and sorting
 * on the list's whitelist, and the actions each for whoever holds their permission.
 */
export function UserList({ route, title }: { route: string; title: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: update } = useUpdate();
  const departments = useDepartmentTree();
  // The labels operators gave the statuses (`sys_user_status`), the console's own until they load.
  const statusLabel = useDictionaryLabels('sys_user_status');
  const [resetting, setResetting] = useState<User>();
  const { tableProps, searchFormProps, setFilters, tableQuery, filters, sorters } = useTable<User, never, Record<string, unknown>>({
    resource: 'users',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    onSearch: (values) => Object.entries(values).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
  });
  const deptNames = useMemo(() => namesOf(departments.nodes), [departments.nodes]);

  const columns: TableColumnType<User>[] = [
    { dataIndex: 'username', title: t('users.username'), sorter: true },
    { dataIndex: 'nickname', title: t('users.nickname'), sorter: true },
    { dataIndex: 'deptId', title: t('users.department'), render: (id: string | null) => (id ? (deptNames.get(id) ?? '') : '') },
    { dataIndex: 'email', title: t('users.email') },
    { dataIndex: 'phone', title: t('users.phone') },
    {
      dataIndex: 'status',
      title: t('users.status'),
      render: (status: User['status'], user) => (
        <CanAccess resource="users" action="edit" params={{ permission: USER_PERMISSIONS.edit }} fallback={statusLabel(status, t(`users.status.${status}`))}>
          <Switch
            size="small"
            aria-label={t('users.enabled', { username: user.username })}
            checked={status === 'active'}
            checkedChildren={statusLabel('active', t('users.status.active'))}
            unCheckedChildren={statusLabel('disabled', t('users.status.disabled'))}
            onChange={(on) => update({ resource: 'users', id: user.id, values: { status: on ? 'active' : 'disabled' }, meta: { version: user.version } })}
          />
        </CanAccess>
      ),
    },
    { dataIndex: 'createdAt', title: t('users.createdAt'), sorter: true, render: (value: string) => new Date(value).toLocaleString() },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, user) => (
        <Space wrap>
          <CanAccess resource="users" action="edit" params={{ permission: USER_PERMISSIONS.edit }}>
            <Button size="small" onClick={() => navigate(`${route}/edit/${encodeURIComponent(user.id)}`)}>
              {t('list.edit')}
            </Button>
          </CanAccess>
          <CanAccess resource="users" action="resetPwd" params={{ permission: USER_PERMISSIONS.resetPwd }}>
            <Button size="small" onClick={() => setResetting(user)}>
              {t('users.resetPassword')}
            </Button>
          </CanAccess>
          <ResetTwoFactor user={user} />
          <DeleteButton resource="users" id={user.id} version={user.version} permission={USER_PERMISSIONS.remove} />
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Card title={t('users.departments')} size="small" style={{ marginBottom: 16 }}>
          <Tree
            aria-label={t('users.departments')}
            treeData={departments.nodes}
            defaultExpandAll
            // Selecting again clears the filter: the whole list is back.
            onSelect={(keys) => setFilters([{ field: 'deptId', operator: 'eq', value: keys[0] }], 'merge')}
          />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card
          title={title}
          extra={
            <Space>
              <UserImport />
              <ExportButton resource="users" permission={USER_PERMISSIONS.export} filters={filters} sorters={sorters} />
              <CanAccess resource="users" action="create" params={{ permission: USER_PERMISSIONS.add }}>
                <Button type="primary" onClick={() => navigate(`${route}/create`)}>
                  {t('list.create')}
                </Button>
              </CanAccess>
            </Space>
          }
        >
          <Form {...searchFormProps} name="userFilters" layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item name="keyword" label={t('users.keyword')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="status" label={t('users.status')}>
              <Select
                allowClear
                style={{ minWidth: 120 }}
                options={(['active', 'disabled'] as const).map((value) => ({ value, label: statusLabel(value, t(`users.status.${value}`)) }))}
              />
            </Form.Item>
            <Button htmlType="submit">{t('list.search')}</Button>
          </Form>
          <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
        </Card>
      </Col>
      {resetting && <ResetPassword user={resetting} onClose={() => setResetting(undefined)} />}
    </Row>
  );
}

function namesOf(nodes: DepartmentNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    into.set(node.key, node.title);
    namesOf(node.children, into);
  }
  return into;
}
