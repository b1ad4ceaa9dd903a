import { CanAccess, useCan, useTranslation, useUpdate } from '@refinedev/core';
import { Button, Card, Empty, Space, Spin, Tree, type TreeProps } from 'antd';
import { useState } from 'react';
import { DeleteButton } from '../../delete-button';
import type { CustomPageProps } from '../registry';
import { DepartmentForm, type Editing } from './department-form';
import { DEPT_PERMISSIONS } from './permissions';
import { useDepartmentTree, type DepartmentNode } from './department-tree';

/**
 * The department tree: create (at the root or under a department), edit and delete each node,
 * and drag a node to move it (PUT with its new `parentId`). The tree will not drop a node among
 * its own descendants; the API, which decides, answers 409 to such a move asked through the
 * form (and to a stale one), shown as a notification, and the tree is read again after each
 * write so it stays as the server has it.
 */
export default function DepartmentsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const tree = useDepartmentTree();
  const { mutate: update } = useUpdate();
  const [editing, setEditing] = useState<Editing>();
  const { data: canMove } = useCan({ resource: 'departments', action: 'edit', params: { permission: DEPT_PERMISSIONS.edit } });
  const done = { onSettled: () => void tree.refetch() };

  const move: TreeProps<DepartmentNode>['onDrop'] = ({ dragNode, node, dropToGap }) => {
    const moved = dragNode.department;
    // Dropped on a node: it becomes the parent; dropped beside one: its sibling.
    const parentId = dropToGap ? node.department.parentId : node.department.id;
    if (parentId === moved.parentId) return;
    update({ resource: 'departments', id: moved.id, values: { parentId }, meta: { version: moved.version } }, done);
  };

  const title = (node: DepartmentNode) => (
    <Space>
      <span>{node.title}</span>
      <CanAccess resource="departments" action="create" params={{ permission: DEPT_PERMISSIONS.add }}>
        <Button size="small" type="link" onClick={() => setEditing({ parentId: node.department.id })}>
          {t('departments.addChild')}
        </Button>
      </CanAccess>
      <CanAccess resource="departments" action="edit" params={{ permission: DEPT_PERMISSIONS.edit }}>
        <Button size="small" type="link" onClick={() => setEditing({ department: node.department })}>
          {t('list.edit')}
        </Button>
      </CanAccess>
      <DeleteButton
        resource="departments"
        id={node.department.id}
        version={node.department.version}
        permission={DEPT_PERMISSIONS.remove}
        onSettled={done.onSettled}
        type="link"
      />
    </Space>
  );

  return (
    <Card
      title={menu.title}
      extra={
        <CanAccess resource="departments" action="create" params={{ permission: DEPT_PERMISSIONS.add }}>
          <Button type="primary" onClick={() => setEditing({ parentId: null })}>
            {t('list.create')}
          </Button>
        </CanAccess>
      }
    >
      {tree.loading ? (
        <Spin />
      ) : tree.nodes.length === 0 ? (
        <Empty />
      ) : (
        <Tree<DepartmentNode>
          aria-label={menu.title}
          treeData={tree.nodes}
          defaultExpandAll
          blockNode
          selectable={false}
          draggable={canMove?.can === true}
          titleRender={title}
          onDrop={move}
        />
      )}
      {editing && (
        <DepartmentForm
          editing={editing}
          nodes={tree.nodes}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void tree.refetch();
          }}
        />
      )}
    </Card>
  );
}
