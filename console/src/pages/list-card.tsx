import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, HttpError } from '@refinedev/core';
import { Card, Space, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { FilterForm } from './filter-form';
import { PagedTable } from './paged-table';
import { CreateButton } from './row-actions';
import { ExportButton } from './export-button';

/**
 * A list of a collection for a page's table: 20 rows a page, its filter form's values sent as the
 * list's query parameters of their names (`keyword`, `status`), and sorting by the columns the
 * page marks sortable (the API's whitelist).
 */
export function useListTable<T extends BaseRecord>(resource: string) {
  return useTable<T, HttpError, Record<string, unknown>>({
    resource,
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    onSearch: (values) => Object.entries(values).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
  });
}

export type ListTable<T extends BaseRecord> = ReturnType<typeof useListTable<T>>;

export interface ListCardProps<T extends BaseRecord> {
  title: ReactNode;
  table: ListTable<T>;
  columns: TableProps<T>['columns'];
  /** The filter form's name (its fields' ids), and its fields other than the keyword (default: the status). */
  filters: { name: string; fields?: ReactNode };
  /** The Create button and the permission that shows it; none where nothing can be created. */
  create?: { resource: string; permission: string; onClick: () => void };
  /** The Export button and the permission that shows it (`<resource>/export`). */
  exportable?: { resource: string; permission: string };
  /** What the table's rows do besides showing (a selection). */
  rows?: Pick<TableProps<T>, 'rowSelection' | 'onRow'>;
  /** Said between the filters and the table. */
  notice?: ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

/** A list page's card: its title and Create, the filters, a notice, the table with its total. */
export function ListCard<T extends BaseRecord>({ title, table, columns, filters, create, exportable, rows, notice, children }: ListCardProps<T>) {
  const extra = (
    <Space>
      {exportable && <ExportButton {...exportable} filters={table.filters} sorters={table.sorters} />}
      {create && <CreateButton {...create} />}
    </Space>
  );
  return (
    <Card title={title} extra={extra}>
      <FilterForm searchFormProps={table.searchFormProps} name={filters.name}>
        {filters.fields}
      </FilterForm>
      {notice}
      <PagedTable tableProps={{ ...table.tableProps, ...rows }} columns={columns} totalIsEstimate={table.tableQuery.data?.totalIsEstimate} />
      {children}
    </Card>
  );
}
