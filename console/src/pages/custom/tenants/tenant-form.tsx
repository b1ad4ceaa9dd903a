import { useTranslation } from '@refinedev/core';
import { DatePicker, Divider, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal, RemarkItem, useRules } from '../../form-modal';
import { StatusItem } from '../../status';
import type { Packages, Tenant } from './tenant';

/**
 * Create a tenant with its first administrator, or edit one (the administrator is then a user
 * of the tenant, managed there). The package and the expiry may be cleared (null: every tenant
 * permission, never). A taken code is the API's 409, its message under the code.
 */
export function TenantForm({ tenant, packages, onClose }: { tenant?: Tenant; packages: Packages; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  return (
    <FormModal
      resource="tenants"
      name="tenant"
      id={tenant?.id}
      title={t(tenant ? 'tenants.editTitle' : 'tenants.createTitle')}
      defaults={{ status: 'active' }}
      onClose={onClose}
    >
      <Form.Item name="code" label={t('tenants.code')} extra={t('tenants.codeHint')} rules={[rules.required, rules.max(64)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={t('tenants.name')} rules={[rules.required, rules.max(100)]}>
        <Input />
      </Form.Item>
      <StatusItem />
      <Form.Item name="packageId" label={t('tenants.package')} normalize={(value?: string) => value ?? null}>
        <Select allowClear placeholder={t('tenants.noPackage')} options={packages.options} />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('tenants.expiresAt')}
        getValueProps={(value?: string | null) => ({ value: value ? dayjs(value) : null })}
        normalize={(value?: Dayjs | null) => (value ? value.toISOString() : null)}
      >
        <DatePicker showTime placeholder={t('tenants.never')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="userLimit" label={t('tenants.userLimit')}>
        <InputNumber min={1} max={10_000_000} precision={0} placeholder={t('tenants.noLimit')} style={{ width: '100%' }} />
      </Form.Item>
      <RemarkItem />
      {!tenant && (
        <>
          <Divider orientation="left">{t('tenants.administrator')}</Divider>
          <Form.Item name={['admin', 'username']} label={t('tenants.adminUsername')} rules={[rules.required]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={['admin', 'password']} label={t('tenants.adminPassword')} rules={[rules.required]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
