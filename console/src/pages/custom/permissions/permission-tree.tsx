import { Empty, Spin, Tree, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { grantedCodes, heldAfter, permissionTree, type PermissionNode, type PermissionScope } from './permission-codes';
import { usePermissions } from './use-permissions';

export interface PermissionTreeProps {
  /** The codes held (a form's value): wildcards show every permission they grant checked. */
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** Only permissions of these scopes are offered (a constant); all when left out. */
  scopes?: readonly PermissionScope[];
  /** Given by Form.Item, for its label. */
  id?: string;
}

/**
 * The permissions to grant, as a tree by module, resource and action: checking a group checks
 * everything in it. Used as a form control by the roles and the tenant packages; see
 * `heldAfter` for what a change keeps of the codes held.
 */
export function PermissionTree({ value, onChange, scopes, id }: PermissionTreeProps) {
  const { token } = theme.useToken();
  const { permissions, loading } = usePermissions(scopes);
  const nodes = useMemo(() => permissionTree(permissions), [permissions]);
  const codes = useMemo(() => permissions.map((permission) => permission.code), [permissions]);
  const held = useMemo(() => value ?? [], [value]);
  const checked = useMemo(() => grantedCodes(held, codes), [held, codes]);

  if (loading) return <Spin />;
  if (nodes.length === 0) return <Empty />;
  return (
    <div id={id} style={{ maxHeight: 420, overflow: 'auto', padding: 8, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}>
      <Tree<PermissionNode>
        checkable
        selectable={false}
        treeData={nodes}
        checkedKeys={checked}
        defaultExpandedKeys={nodes.map((node) => node.key)}
        titleRender={(node) =>
          node.permission ? (
            <>
              {node.title} <Typography.Text type="secondary">{node.permission.code}</Typography.Text>
            </>
          ) : (
            <Typography.Text strong>{node.title}</Typography.Text>
          )
        }
        onCheck={(keys) => {
          const shown = new Set((Array.isArray(keys) ? keys : keys.checked).map(String));
          onChange?.(
            heldAfter(
              codes.filter((code) => shown.has(code)),
              held,
              codes,
            ),
          );
        }}
      />
    </div>
  );
}
