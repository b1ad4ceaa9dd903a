import { useOne, useTranslation } from '@refinedev/core';
import { Descriptions, Drawer, Space, Spin, Table, Tag, Typography } from 'antd';
import { JsonBlock, Time } from '../tasks/display';
import type { ChangeRecord, OperationDetail } from './audit';

/** One audited request: who, what and how it ended, the summary of its body, and each record it changed before and after. */
export function OperationDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const { query, result: operation } = useOne<OperationDetail>({ resource: 'audit/operations', id });
  return (
    <Drawer open title={t('audit.operation')} width="min(760px, 100vw)" onClose={onClose} destroyOnHidden>
      {!query.isSuccess || !operation ? (
        <Spin />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('audit.time')}>
              <Time value={operation.at} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.username')}>{operation.username ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.request')}>
              <code>
                {operation.method} {operation.path}
              </code>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.status')}>
              <StatusTag status={operation.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.module')}>{operation.moduleId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.permission')}>{operation.permission ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.duration')}>{t('audit.ms', { ms: operation.durationMs })}</Descriptions.Item>
            <Descriptions.Item label={t('audit.ip')}>{operation.ip}</Descriptions.Item>
            <Descriptions.Item label={t('audit.userAgent')}>{operation.userAgent}</Descriptions.Item>
            <Descriptions.Item label={t('audit.traceId')}>
              <Typography.Text copyable>{operation.traceId}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <section aria-label={t('audit.body')}>
            <Typography.Title level={5}>{t('audit.body')}</Typography.Title>
            <JsonBlock value={operation.body} />
          </section>
          <Typography.Title level={5}>{t('audit.changes')}</Typography.Title>
          <Table<ChangeRecord>
            size="small"
            rowKey={(change) => `${change.resource}:${change.id}:${change.action}`}
            pagination={false}
            scroll={{ x: true }}
            dataSource={operation.changes}
            columns={[
              { dataIndex: 'resource', title: t('audit.resource') },
              { dataIndex: 'id', title: 'ID' },
              { dataIndex: 'action', title: t('audit.action'), render: (action: ChangeRecord['action']) => t(`audit.action.${action}`) },
              { dataIndex: 'before', title: t('audit.before'), render: (value: unknown) => <JsonBlock value={value} /> },
              { dataIndex: 'after', title: t('audit.after'), render: (value: unknown) => <JsonBlock value={value} /> },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** A response status, coloured by its class. */
export function StatusTag({ status }: { status: number }) {
  return <Tag color={status >= 500 ? 'error' : status >= 400 ? 'warning' : 'success'}>{status}</Tag>;
}
