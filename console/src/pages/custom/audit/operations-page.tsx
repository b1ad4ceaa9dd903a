import { CanAccess, useTranslation } from '@refinedev/core';
import { Button, Card, Form, Input, InputNumber, Select, type TableColumnType } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../paged-table';
import type { CustomPageProps } from '../registry';
import { Clipped, Time } from '../tasks/display';
import { AUDIT_PERMISSIONS, type OperationRecord } from './audit';
import { ExportButton } from '../../export-button';
import { AuditSearch, useAuditTable } from './audit-table';
import { OperationDrawer, StatusTag } from './operation-drawer';

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'HEAD', 'OPTIONS'];

/**
 * Every audited request (each change, each refusal), newest first: who, which module and
 * permission, the request, its status and duration. Filters by user, module, method, status,
 * trace id and time; the details of one in a drawer; Export CSV of the rows the filters select.
 */
export default function OperationsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const [shown, setShown] = useState<string>();
  const { tableProps, searchFormProps, tableQuery, filters } = useAuditTable<OperationRecord>('audit/operations');
  const columns: TableColumnType<OperationRecord>[] = [
    { dataIndex: 'at', title: t('audit.time'), sorter: true, render: (value: string) => <Time value={value} /> },
    { dataIndex: 'username', title: t('audit.username'), sorter: true, render: (value: string | null) => value ?? '—' },
    { dataIndex: 'moduleId', title: t('audit.module'), sorter: true, render: (value: string | null) => value ?? '—' },
    { dataIndex: 'method', title: t('audit.method') },
    { dataIndex: 'path', title: t('audit.path'), render: (path: string) => <Clipped text={path} /> },
    { dataIndex: 'status', title: t('audit.status'), sorter: true, render: (status: number) => <StatusTag status={status} /> },
    { dataIndex: 'durationMs', title: t('audit.duration'), sorter: true, render: (ms: number) => t('audit.ms', { ms }) },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, operation) => (
        <CanAccess resource="audit/operations" action="show" params={{ permission: AUDIT_PERMISSIONS.operationQuery }}>
          <Button size="small" onClick={() => setShown(operation.id)}>
            {t('audit.details')}
          </Button>
        </CanAccess>
      ),
    },
  ];

  return (
    <Card title={menu.title} extra={<ExportButton resource="audit/operations" permission={AUDIT_PERMISSIONS.operationExport} filters={filters} sorters={[]} />}>
      <AuditSearch searchFormProps={searchFormProps}>
        <Form.Item name="username" label={t('audit.username')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="moduleId" label={t('audit.module')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="method" label={t('audit.method')}>
          <Select allowClear style={{ minWidth: 110 }} options={METHODS.map((method) => ({ value: method, label: method }))} />
        </Form.Item>
        <Form.Item name="status" label={t('audit.status')}>
          <InputNumber min={100} max={599} precision={0} />
        </Form.Item>
        <Form.Item name="traceId" label={t('audit.traceId')}>
          <Input allowClear />
        </Form.Item>
      </AuditSearch>
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
      {shown && <OperationDrawer id={shown} onClose={() => setShown(undefined)} />}
    </Card>
  );
}
