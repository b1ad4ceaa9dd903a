import { useTranslation } from '@refinedev/core';
import { Form, Input } from 'antd';
import { StatusSelect } from '../../status';
import type { PermissionScope } from './permission-codes';
import { PermissionTree } from './permission-tree';

/**
 * What a role's and a tenant package's forms both ask, after their own fields: the status, the
 * permissions granted (picked in the tree, of `scopes` only when given) and a remark.
 */
export function GrantFields({ scopes }: { scopes?: readonly PermissionScope[] }) {
  const { translate: t } = useTranslation();
  return (
    <>
      <Form.Item name="status" label={t('fields.status')}>
        <StatusSelect />
      </Form.Item>
      <Form.Item name="permissions" label={t('permissions.title')}>
        <PermissionTree scopes={scopes} />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500, message: t('form.tooLong', { max: 500 }) }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}
