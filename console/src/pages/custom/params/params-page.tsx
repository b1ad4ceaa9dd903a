import { useGetIdentity, useTranslation } from '@refinedev/core';
import { Form, Select, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import type { Identity } from '../../../api/auth-provider';
import { ListCard, useListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { InheritedTag } from '../dictionaries/inherited';
import type { CustomPageProps } from '../registry';
import { PARAM_PERMISSIONS, removable, type Param } from './param';
import { ParamForm } from './param-form';

/**
 * The params menu's page: the params that apply in the tenant (its own, else the platform's,
 * tagged inherited and left unchanged), filtered by keyword and by built in or not, with create,
 * edit (the value, mostly) and delete where a delete can succeed.
 */
export default function ParamsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();
  const table = useListTable<Param>('params');
  // undefined: closed; null: a new param.
  const [editing, setEditing] = useState<Param | null>();
  const anyInherited = table.tableProps.dataSource?.some((param) => param.inherited) === true;

  const columns: TableColumnType<Param>[] = [
    {
      dataIndex: 'key',
      title: t('params.key'),
      sorter: true,
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    { dataIndex: 'name', title: t('params.name'), sorter: true },
    {
      dataIndex: 'value',
      title: t('params.value'),
      render: (value: string) => (
        <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: value }}>
          {value}
        </Typography.Text>
      ),
    },
    { dataIndex: 'builtin', title: t('params.builtin'), render: (builtin: boolean) => builtin && <Tag>{t('params.builtin')}</Tag> },
    { dataIndex: 'inherited', title: t('params.inherited'), render: (inherited: boolean) => inherited && <InheritedTag /> },
    { dataIndex: 'remark', title: t('fields.remark'), render: (remark: string | null) => <Typography.Text type="secondary">{remark}</Typography.Text> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, param) =>
        !param.inherited && (
          <RowActions
            resource="params"
            record={param}
            permissions={PARAM_PERMISSIONS}
            onEdit={() => setEditing(param)}
            removable={removable(param, identity?.tenant.code)}
          />
        ),
    },
  ];

  return (
    <ListCard
      title={menu.title}
      table={table}
      columns={columns}
      filters={{
        name: 'paramFilters',
        fields: (
          <Form.Item name="builtin" label={t('params.builtin')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              options={[
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ]}
            />
          </Form.Item>
        ),
      }}
      create={{ resource: 'params', permission: PARAM_PERMISSIONS.add, onClick: () => setEditing(null) }}
      notice={anyInherited && <Typography.Paragraph type="secondary">{t('params.inheritedHint')}</Typography.Paragraph>}
    >
      {editing !== undefined && <ParamForm param={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </ListCard>
  );
}
