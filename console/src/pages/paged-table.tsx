import { useTranslation, type BaseRecord } from '@refinedev/core';
import { Table, type TableProps } from 'antd';

/**
 * A list's table: rows by id, scrolling sideways on a narrow screen, and the total under it —
 * said to be an estimate past the server's counting limit (docs/api-clients.md).
 */
export function PagedTable<T extends BaseRecord>({
  tableProps,
  columns,
  totalIsEstimate,
}: {
  tableProps: TableProps<T>;
  columns: TableProps<T>['columns'];
  totalIsEstimate?: boolean;
}) {
  const { translate: t } = useTranslation();
  return (
    <Table
      {...tableProps}
      rowKey="id"
      columns={columns}
      scroll={{ x: true }}
      pagination={{
        ...tableProps.pagination,
        showTotal: (total) => t(totalIsEstimate ? 'list.totalEstimate' : 'list.total', { total }),
      }}
    />
  );
}
