import { useTranslation } from '@refinedev/core';
import { Alert, type TableColumnType } from 'antd';
import { useState } from 'react';
import { ListCard, useListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { StatusTag } from '../../status';
import { DICT_PERMISSIONS, itemsOf, type Dictionary, type DictionaryItem } from './dictionary';
import { ItemForm } from './item-form';

/**
 * The items of the picked dictionary, the detail of the page: in their order (the API's default,
 * `sort` then label), with create, edit and delete for whoever holds their permission. A
 * platform dictionary's items, read in a tenant, are the platform's: shown, not changed.
 */
export function ItemList({ dictionary }: { dictionary: Dictionary }) {
  const { translate: t } = useTranslation();
  const resource = itemsOf(dictionary);
  const table = useListTable<DictionaryItem>(resource);
  // undefined: closed; null: a new item.
  const [editing, setEditing] = useState<DictionaryItem | null>();
  const writable = !dictionary.inherited;

  const columns: TableColumnType<DictionaryItem>[] = [
    { dataIndex: 'displayLabel', key: 'label', title: t('dictionaries.label'), sorter: true },
    { dataIndex: 'value', title: t('dictionaries.value'), sorter: true },
    { dataIndex: 'sort', title: t('dictionaries.sort'), sorter: true },
    { dataIndex: 'status', title: t('fields.status'), render: (status: DictionaryItem['status']) => <StatusTag status={status} /> },
    { dataIndex: 'isDefault', title: t('dictionaries.isDefault'), render: (isDefault: boolean) => (isDefault ? t('common.yes') : '') },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      title: t('list.actions'),
      render: (_, item) => <RowActions resource={resource} record={item} permissions={DICT_PERMISSIONS} onEdit={() => setEditing(item)} />,
    });
  }

  return (
    <ListCard
      title={t('dictionaries.itemsOf', { name: dictionary.name })}
      table={table}
      columns={columns}
      filters={{ name: 'itemFilters' }}
      create={writable ? { resource, permission: DICT_PERMISSIONS.add, onClick: () => setEditing(null) } : undefined}
      notice={!writable && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('dictionaries.inheritedItems', { code: dictionary.code })} />}
    >
      {editing !== undefined && <ItemForm dictionary={dictionary} item={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </ListCard>
  );
}
