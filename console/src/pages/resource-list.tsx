import { CanAccess, useTranslation, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Space, type TableColumnType } from 'antd';
import { useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import type { ResourceSpec } from '../catalog/resources';
import type { FieldSpec } from '../catalog/schema';
import { DeleteButton } from './delete-button';
import { DictionaryValue } from './dictionary-field';
import { ExportButton } from './export-button';
import { DATE_TIME_VALUE, FieldControl } from './field-input';
import { PagedTable } from './paged-table';

/** Columns past this many crowd a narrow screen; the edit form shows every field. */
const MAX_COLUMNS = 8;
/** Bookkeeping a person does not read in a list. */
const HIDDEN = new Set(['id', 'version', 'tenantId']);

/**
 * The list of a resource: a page at a time, sorted by the fields the API whitelists, filtered by
 * the list's own query parameters, with create, edit and delete for whoever holds their
 * permission.
 */
export function ResourceList({ spec }: { spec: ResourceSpec }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const { tableProps, searchFormProps, tableQuery, filters, sorters } = useTable<BaseRecord, never, Record<string, unknown>>({
    resource: spec.name,
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    onSearch: (values) => Object.entries(values).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
  });

  const columns: TableColumnType<BaseRecord>[] = spec.columns
    .filter((field) => !HIDDEN.has(field.name) && field.kind !== 'other')
    .slice(0, MAX_COLUMNS)
    .map((field) => ({
      dataIndex: field.name,
      title: field.name,
      sorter: spec.sortable.includes(field.name),
      render: (value: unknown) => show(field, value, t),
    }));
  if (spec.update || spec.remove) {
    columns.push({
      key: 'actions',
      title: t('list.actions'),
      render: (_, record) => (
        <Space>
          {spec.update && (
            <CanAccess resource={spec.name} action="edit" params={{ permission: spec.update.permission }}>
              <Button size="small" onClick={() => navigate(`${spec.route}/edit/${encodeURIComponent(String(record.id))}`)}>
                {t('list.edit')}
              </Button>
            </CanAccess>
          )}
          {spec.remove && <DeleteButton resource={spec.name} id={record.id!} version={record.version} permission={spec.remove.permission} />}
        </Space>
      ),
    });
  }

  return (
    <Card
      title={spec.title}
      extra={
        <Space>
          {spec.export && <ExportButton resource={spec.name} permission={spec.export.permission} filters={filters} sorters={sorters} />}
          {spec.create && (
            <CanAccess resource={spec.name} action="create" params={{ permission: spec.create.permission }}>
              <Button type="primary" onClick={() => navigate(`${spec.route}/create`)}>
                {t('list.create')}
              </Button>
            </CanAccess>
          )}
        </Space>
      }
    >
      {spec.filters.length > 0 && (
        // Named: its fields' ids stay apart from the create form's, which is drawn while the list is still leaving.
        <Form {...searchFormProps} name="listFilters" layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          {spec.filters.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.name} {...(field.kind === 'datetime' ? DATE_TIME_VALUE : {})}>
              <FieldControl field={field} allowClear />
            </Form.Item>
          ))}
          <Button htmlType="submit">{t('list.search')}</Button>
        </Form>
      )}
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
    </Card>
  );
}

function show(field: FieldSpec, value: unknown, t: (key: string) => string): ReactNode {
  if (value === null || value === undefined) return '';
  if (field.kind === 'dictionary') return <DictionaryValue code={field.dictionary!} value={String(value)} />;
  if (field.kind === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (field.kind === 'datetime') return new Date(String(value)).toLocaleString();
  return Array.isArray(value) ? value.join(', ') : String(value);
}
