import { useTranslation } from '@refinedev/core';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { FormModal } from '../../form-modal';
import { useDepartmentTree } from '../departments/department-tree';
import { GrantFields } from '../permissions/grant-fields';
import { DATA_SCOPES, type DataScope, type Role } from './role';

/**
 * Create or edit a role in a dialog: its code and name, status, the permissions it grants (picked
 * in the tree) and its data scope, with the departments a `custom` scope sees. An edit sends the
 * `version` it read; the API's refusals (a taken code, a permission the editor does not hold,
 * the administrator role's `*:*:*`) arrive as they are, a field's message under the field.
 */
export function RoleForm({ editing, onClose }: { editing?: Role; onClose: (saved: boolean) => void }) {
  const { translate: t } = useTranslation();
  return (
    <FormModal
      resource="roles"
      id={editing?.id}
      name="role"
      title={t(editing ? 'roles.editTitle' : 'roles.createTitle')}
      defaults={{ status: 'active', dataScope: 'self', deptIds: [], permissions: [] }}
      onClose={onClose}
    >
      <RoleFields />
    </FormModal>
  );
}

function RoleFields() {
  const { translate: t } = useTranslation();
  const departments = useDepartmentTree();
  const form = Form.useFormInstance();
  const scope = Form.useWatch<DataScope | undefined>('dataScope');
  // Only a custom scope names departments: the API refuses them with any other.
  useEffect(() => {
    if (scope && scope !== 'custom') form.setFieldValue('deptIds', []);
  }, [scope, form]);
  const required = { required: true, message: t('login.required') };
  const tooLong = (max: number) => ({ max, message: t('form.tooLong', { max }) });

  return (
    <>
      <Form.Item name="code" label={t('roles.code')} rules={[required, tooLong(64)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('roles.name')} rules={[required, tooLong(128)]}>
        <Input />
      </Form.Item>
      <Form.Item name="dataScope" label={t('roles.dataScope')}>
        <Select options={DATA_SCOPES.map((value) => ({ value, label: t(`roles.dataScope.${value}`) }))} />
      </Form.Item>
      <Form.Item name="deptIds" label={t('roles.departments')} hidden={scope !== 'custom'}>
        <TreeSelect treeData={departments.nodes} multiple allowClear treeDefaultExpandAll loading={departments.loading} />
      </Form.Item>
      <GrantFields />
    </>
  );
}
