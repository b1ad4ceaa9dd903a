import { CanAccess, useTranslation, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Input, Space, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteButton } from '../../delete-button';
import { PagedTable } from '../../paged-table';
import { GENERATOR_PERMISSIONS, type GeneratorTable } from './generator-table';
import { ImportDialog } from './import-dialog';
import { useGenerate } from './use-generate';

/**
 * The imported tables, each with its module and when it was last generated, and the way through:
 * import a table, edit its configuration, preview the files, generate the module.
 */
export function TableList({ route, title }: { route: string; title: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const { generate, generating } = useGenerate();
  const { tableProps, searchFormProps, tableQuery } = useTable<GeneratorTable, never, { keyword?: string }>({
    resource: 'generator/tables',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    onSearch: ({ keyword }): CrudFilter[] => [{ field: 'keyword', operator: 'contains', value: keyword }],
  });
  const open = (action: 'edit' | 'preview', table: GeneratorTable) => navigate(`${route}/${action}/${encodeURIComponent(table.id)}`);

  const columns: TableColumnType<GeneratorTable>[] = [
    { dataIndex: 'tableName', title: t('generator.tableName'), sorter: true },
    { dataIndex: 'moduleId', title: t('generator.moduleId'), sorter: true },
    { dataIndex: 'moduleName', title: t('generator.moduleName') },
    { dataIndex: 'resourcePath', title: t('generator.resourcePath') },
    {
      dataIndex: 'generatedAt',
      title: t('generator.generatedAt'),
      sorter: true,
      render: (value: string | null) => (value ? new Date(value).toLocaleString() : <Tag>{t('generator.notGenerated')}</Tag>),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, table) => (
        <Space wrap>
          <CanAccess resource="generator/tables" action="edit" params={{ permission: GENERATOR_PERMISSIONS.edit }}>
            <Button size="small" onClick={() => open('edit', table)}>
              {t('list.edit')}
            </Button>
          </CanAccess>
          <CanAccess resource="generator/tables" action="preview" params={{ permission: GENERATOR_PERMISSIONS.preview }}>
            <Button size="small" onClick={() => open('preview', table)}>
              {t('generator.preview')}
            </Button>
          </CanAccess>
          <CanAccess resource="generator/tables" action="generate" params={{ permission: GENERATOR_PERMISSIONS.generate }}>
            <Button size="small" type="primary" loading={generating} onClick={() => generate(table)}>
              {t('generator.generate')}
            </Button>
          </CanAccess>
          <DeleteButton resource="generator/tables" id={table.id} version={table.version} permission={GENERATOR_PERMISSIONS.remove} />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={title}
      extra={
        <CanAccess resource="generator/tables" action="create" params={{ permission: GENERATOR_PERMISSIONS.import }}>
          <Button type="primary" onClick={() => setImporting(true)}>
            {t('generator.import')}
          </Button>
        </CanAccess>
      }
    >
      <Form {...searchFormProps} name="tableFilters" layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword" label={t('generator.tableName')}>
          <Input allowClear />
        </Form.Item>
        <Button htmlType="submit">{t('list.search')}</Button>
      </Form>
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
      {importing && <ImportDialog onImported={(table) => open('edit', table)} onClose={() => setImporting(false)} />}
    </Card>
  );
}
