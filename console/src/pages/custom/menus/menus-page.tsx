import { CanAccess, useCustom, useTranslation } from '@refinedev/core';
import { Button, Card, Space, Spin, Table, Tag, type TableColumnType } from 'antd';
import { useContext, useMemo, useState } from 'react';
import { DeleteButton } from '../../delete-button';
import { CreateButton } from '../../row-actions';
import { MenusRefresh } from '../../../layout/shell';
import type { CustomPageProps } from '../registry';
import { MENU_PERMISSIONS, menuRows, parentIds, type Menu, type MenuRow } from './menu';
import { MenuForm, type Editing } from './menu-form';

const TYPE_COLOURS = { directory: 'blue', menu: 'green', button: 'default' } as const;

/**
 * Every menu, hidden ones too, as a tree table (GET /menus/tree): create one at the root or under
 * another, edit and delete each (a module's menus leave with their module, so they have no
 * delete). After a change the tree is read again, and the side menu with it.
 */
export default function MenusPage({ menu: page }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const refreshMenus = useContext(MenusRefresh);
  const { result, query } = useCustom<{ items: Menu[] }>({ url: '/menus/tree', method: 'get' });
  const rows = useMemo(() => (query.isSuccess ? menuRows(result.data.items) : []), [query.isSuccess, result.data]);
  // Every parent starts open, a new one included; the rows a person folds stay folded.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const expanded = useMemo(() => parentIds(rows).filter((id) => !folded.has(id)), [rows, folded]);
  const [editing, setEditing] = useState<Editing>();
  const changed = () => (void query.refetch(), refreshMenus());

  const columns: TableColumnType<MenuRow>[] = [
    { dataIndex: 'title', title: t('menus.title') },
    { dataIndex: 'type', title: t('menus.type'), render: (type: MenuRow['type']) => <Tag color={TYPE_COLOURS[type]}>{t(`menus.type.${type}`)}</Tag> },
    { dataIndex: 'path', title: t('menus.path') },
    { dataIndex: 'component', title: t('menus.component') },
    { dataIndex: 'permission', title: t('menus.permission') },
    { dataIndex: 'sort', title: t('menus.sort') },
    { dataIndex: 'visible', title: t('menus.visible'), render: (visible: boolean) => t(visible ? 'common.yes' : 'common.no') },
    { dataIndex: 'moduleId', title: t('menus.module'), render: (moduleId: string | null) => moduleId ?? '—' },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, menu) => (
        <Space wrap>
          {menu.type !== 'button' && (
            <CanAccess resource="menus" action="create" params={{ permission: MENU_PERMISSIONS.add }}>
              <Button size="small" onClick={() => setEditing({ parent: menu })}>
                {t('menus.addChild')}
              </Button>
            </CanAccess>
          )}
          <CanAccess resource="menus" action="edit" params={{ permission: MENU_PERMISSIONS.edit }}>
            <Button size="small" onClick={() => setEditing({ menu })}>
              {t('list.edit')}
            </Button>
          </CanAccess>
          {/* The tree carries no version: the delete is sent without one. */}
          {!menu.moduleId && <DeleteButton resource="menus" id={menu.id} version={undefined} permission={MENU_PERMISSIONS.remove} onSettled={changed} />}
        </Space>
      ),
    },
  ];

  return (
    <Card title={page.title} extra={<CreateButton resource="menus" permission={MENU_PERMISSIONS.add} onClick={() => setEditing({})} />}>
      {query.isLoading ? (
        <Spin />
      ) : (
        <Table<MenuRow>
          rowKey="id"
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: true }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, menu) =>
              setFolded((before) => {
                const next = new Set(before);
                if (open) next.delete(menu.id);
                else next.add(menu.id);
                return next;
              }),
          }}
        />
      )}
      {editing && (
        <MenuForm
          editing={editing}
          rows={rows}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) changed();
          }}
        />
      )}
    </Card>
  );
}
