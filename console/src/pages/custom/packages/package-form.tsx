import { useTranslation } from '@refinedev/core';
import { Form, Input } from 'antd';
import { FormModal } from '../../form-modal';
import { GrantFields } from '../permissions/grant-fields';
import { PACKAGE_SCOPES, type TenantPackage } from './package';

/**
 * Create or edit a package in a dialog: its name, status and remark, and the permissions a
 * tenant given it may use, picked in the same tree as a role's (scopes `tenant` and `row` only).
 */
export function PackageForm({ editing, onClose }: { editing?: TenantPackage; onClose: (saved: boolean) => void }) {
  const { translate: t } = useTranslation();
  const required = { required: true, message: t('login.required') };
  return (
    <FormModal
      resource="tenants/packages"
      id={editing?.id}
      name="package"
      title={t(editing ? 'packages.editTitle' : 'packages.createTitle')}
      defaults={{ status: 'active', permissions: [] }}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('packages.name')} rules={[required, { max: 100, message: t('form.tooLong', { max: 100 }) }]}>
        <Input />
      </Form.Item>
      <GrantFields scopes={PACKAGE_SCOPES} />
    </FormModal>
  );
}
