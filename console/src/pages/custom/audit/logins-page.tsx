import { useTranslation } from '@refinedev/core';
import { Card, Form, Input, Select, Tag, type TableColumnType } from 'antd';
import { PagedTable } from '../../paged-table';
import type { CustomPageProps } from '../registry';
import { Clipped, Time } from '../tasks/display';
import { AUDIT_PERMISSIONS, type LoginRecord } from './audit';
import { ExportButton } from '../../export-button';
import { AuditSearch, useAuditTable } from './audit-table';

/**
 * Every login attempt, newest first: who (as typed), from where and with what, whether it
 * succeeded and why not. Filters by username, outcome, address and time; Export CSV downloads
 * the rows the filters select.
 */
export default function LoginsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const { tableProps, searchFormProps, tableQuery, filters } = useAuditTable<LoginRecord>('audit/logins');
  const columns: TableColumnType<LoginRecord>[] = [
    { dataIndex: 'at', title: t('audit.time'), sorter: true, render: (value: string) => <Time value={value} /> },
    { dataIndex: 'username', title: t('audit.username'), sorter: true },
    {
      dataIndex: 'success',
      title: t('audit.outcome'),
      render: (success: boolean) => <Tag color={success ? 'success' : 'error'}>{t(success ? 'audit.succeeded' : 'audit.failed')}</Tag>,
    },
    { dataIndex: 'reason', title: t('audit.reason'), render: (reason: string) => t(`audit.reason.${reason}`) },
    { dataIndex: 'ip', title: t('audit.ip'), sorter: true },
    {
      dataIndex: 'userAgent',
      title: t('audit.userAgent'),
      render: (agent: string) => <Clipped text={agent} />,
    },
  ];

  return (
    <Card title={menu.title} extra={<ExportButton resource="audit/logins" permission={AUDIT_PERMISSIONS.loginExport} filters={filters} sorters={[]} />}>
      <AuditSearch searchFormProps={searchFormProps}>
        <Form.Item name="username" label={t('audit.username')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="success" label={t('audit.outcome')}>
          <Select
            allowClear
            style={{ minWidth: 120 }}
            options={[
              { value: true, label: t('audit.succeeded') },
              { value: false, label: t('audit.failed') },
            ]}
          />
        </Form.Item>
        <Form.Item name="ip" label={t('audit.ip')}>
          <Input allowClear />
        </Form.Item>
      </AuditSearch>
      <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
    </Card>
  );
}
