import { CanAccess, useTranslation } from '@refinedev/core';
import { Button, Form, Select, Space, Tag, type TableColumnType } from 'antd';
import { useState } from 'react';
import { DeleteButton } from '../../delete-button';
import { useDictionaryLabels } from '../../dictionary-labels';
import { ListCard, useListTable } from '../../list-card';
import type { CustomPageProps } from '../registry';
import { editable, NOTICE_PERMISSIONS, NOTICE_STATUSES, NOTICE_TYPES, STATUS_COLORS, useAudienceChoices, type Notice } from './notice';
import { PublishButton } from './notice-actions';
import { NoticeForm } from './notice-form';

/**
 * The notices menu's page: every notice of the tenant (drafts and withdrawn ones too) with its
 * type, state, audience and publication time, filtered by keyword, type and state and sorted on
 * the list's whitelist; write one, edit a draft or a withdrawn one, publish, withdraw and delete,
 * each for whoever holds its permission. A published notice is not edited: withdraw it first.
 */
export default function NoticesPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const choices = useAudienceChoices();
  // The labels operators gave the stored values in the built-in dictionaries, the console's own until they load.
  const typeLabel = useDictionaryLabels('notice_type');
  const statusLabel = useDictionaryLabels('notice_status');
  const table = useListTable<Notice>('notices');
  // undefined: closed; null: a new notice.
  const [editing, setEditing] = useState<Notice | null>();
  const refresh = () => void table.tableQuery.refetch();

  const filters = {
    name: 'noticeFilters',
    fields: (
      <>
        <Form.Item name="type" label={t('notices.type')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            options={NOTICE_TYPES.map((value) => ({ value, label: typeLabel(value, t(`notices.type.${value}`)) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            style={{ minWidth: 120 }}
            options={NOTICE_STATUSES.map((value) => ({ value, label: statusLabel(value, t(`notices.status.${value}`)) }))}
          />
        </Form.Item>
      </>
    ),
  };
  const columns: TableColumnType<Notice>[] = [
    { dataIndex: 'title', title: t('notices.title'), sorter: true },
    { dataIndex: 'type', title: t('notices.type'), render: (type: Notice['type']) => typeLabel(type, t(`notices.type.${type}`)) },
    {
      dataIndex: 'status',
      title: t('fields.status'),
      render: (status: Notice['status']) => <Tag color={STATUS_COLORS[status]}>{statusLabel(status, t(`notices.status.${status}`))}</Tag>,
    },
    {
      dataIndex: 'audience',
      title: t('notices.audience'),
      render: (audience: Notice['audience'], notice) =>
        audience === 'all' ? (
          t('notices.audience.all')
        ) : (
          <Space size={[0, 4]} wrap>
            {t(`notices.audience.${audience}`)}:
            {notice.audienceIds.map((id) => (
              <Tag key={id} style={{ marginInlineStart: 4 }}>
                {choices.nameOf(id)}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      dataIndex: 'publishedAt',
      title: t('notices.publishedAt'),
      sorter: true,
      render: (at: string | null) => (at ? new Date(at).toLocaleString() : t('notices.notPublished')),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, notice) => (
        <Space wrap>
          {editable(notice) && (
            <CanAccess resource="notices" action="edit" params={{ permission: NOTICE_PERMISSIONS.edit }}>
              <Button size="small" onClick={() => setEditing(notice)}>
                {t('list.edit')}
              </Button>
            </CanAccess>
          )}
          <PublishButton notice={notice} onSettled={refresh} />
          <DeleteButton resource="notices" id={notice.id} version={notice.version} permission={NOTICE_PERMISSIONS.remove} />
        </Space>
      ),
    },
  ];

  return (
    <ListCard
      title={menu.title}
      create={{ resource: 'notices', permission: NOTICE_PERMISSIONS.add, onClick: () => setEditing(null) }}
      filters={filters}
      table={table}
      columns={columns}
    >
      {editing !== undefined && <NoticeForm notice={editing ?? undefined} choices={choices} onClose={() => setEditing(undefined)} />}
    </ListCard>
  );
}
