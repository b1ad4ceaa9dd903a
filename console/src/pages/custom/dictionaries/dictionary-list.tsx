import { useTranslation } from '@refinedev/core';
import { Space, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { usePreferences } from '../../../preferences';
import { ListCard, type ListTable } from '../../list-card';
import { RowActions } from '../../row-actions';
import { StatusTag } from '../../status';
import { DICT_PERMISSIONS, type Dictionary } from './dictionary';
import { InheritedTag } from './inherited';

export interface DictionaryListProps {
  title: string;
  table: ListTable<Dictionary>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** Opens the form: on a dictionary, or on a new one. */
  onEdit: (dictionary?: Dictionary) => void;
}

/**
 * The dictionaries, the master of the page: picking one (its radio, or its row) shows its items.
 * A platform dictionary read in a tenant is tagged inherited and offers no edit or delete; a
 * built-in one (a module's) is tagged built-in, named in the console's language, and offers no delete.
 */
export function DictionaryList({ title, table, selectedId, onSelect, onEdit }: DictionaryListProps) {
  const { translate: t } = useTranslation();
  const { language } = usePreferences();
  const anyInherited = table.tableProps.dataSource?.some((dictionary) => dictionary.inherited) === true;

  const columns: TableColumnType<Dictionary>[] = [
    {
      dataIndex: 'code',
      title: t('dictionaries.code'),
      sorter: true,
      render: (code: string, dictionary) => (
        <Space size={4} wrap>
          {code}
          {dictionary.builtin && (
            <Tooltip title={t('dictionaries.builtinHint')}>
              <Tag color="gold">{t('dictionaries.builtin')}</Tag>
            </Tooltip>
          )}
          {dictionary.inherited && <InheritedTag />}
        </Space>
      ),
    },
    { dataIndex: 'name', title: t('dictionaries.name'), sorter: true, render: (name: string, dictionary) => dictionary.names?.[language] ?? name },
    { dataIndex: 'status', title: t('fields.status'), render: (status: Dictionary['status']) => <StatusTag status={status} /> },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, dictionary) =>
        !dictionary.inherited && (
          <RowActions
            resource="dictionaries"
            record={dictionary}
            permissions={DICT_PERMISSIONS}
            removable={!dictionary.builtin}
            onEdit={() => onEdit(dictionary)}
          />
        ),
    },
  ];

  return (
    <ListCard
      title={title}
      table={table}
      columns={columns}
      filters={{ name: 'dictionaryFilters' }}
      create={{ resource: 'dictionaries', permission: DICT_PERMISSIONS.add, onClick: () => onEdit() }}
      notice={anyInherited && <Typography.Paragraph type="secondary">{t('dictionaries.inheritedHint')}</Typography.Paragraph>}
      rows={{
        rowSelection: { type: 'radio', selectedRowKeys: selectedId ? [selectedId] : [], onChange: (keys) => onSelect(String(keys[0])) },
        onRow: (dictionary) => ({ onClick: () => onSelect(dictionary.id), style: { cursor: 'pointer' } }),
      }}
    />
  );
}
