import { useSelect } from '@refinedev/antd';
import { useCan, useTranslation } from '@refinedev/core';
import { Form, Input, Select, Switch } from 'antd';
import { FormModal, useRules } from '../../form-modal';
import { LINK_BY, PROVIDERS, PROVIDER_PERMISSIONS, type Provider } from './provider';
import { RedirectUri } from './redirect-uri';

/** A new provider's starting values: the API's own defaults, shown. */
const DEFAULTS = { usernameClaim: 'preferred_username', emailClaim: 'email', linkBy: 'email', jit: false, enabled: true };

/**
 * Create or edit a provider. The client secret is write-only: the API never answers it, so the
 * field starts empty, and on an edit an empty field is left out of the request, which keeps the
 * stored secret (typed, it replaces it). The name is in the provider's paths and is set once.
 */
export function ProviderForm({ provider, onClose }: { provider?: Provider; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  const { data: canListRoles } = useCan({ resource: 'roles', action: 'list', params: { permission: PROVIDER_PERMISSIONS.roles } });
  // The choice is among the first 200 roles (the API's largest page), filtered in the browser.
  const roles = useSelect({
    resource: 'roles',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { pageSize: 200 },
    queryOptions: { enabled: canListRoles?.can === true },
  });
  return (
    <FormModal
      resource={PROVIDERS}
      name="provider"
      id={provider?.id}
      title={t(provider ? 'sso.editTitle' : 'sso.createTitle')}
      defaults={DEFAULTS}
      onClose={onClose}
    >
      {provider ? (
        <RedirectUri provider={provider} />
      ) : (
        <Form.Item name="name" label={t('sso.name')} extra={t('sso.nameHint')} rules={[rules.required, rules.max(64)]}>
          <Input autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="displayName" label={t('sso.displayName')} extra={t('sso.displayNameHint')} rules={[rules.required, rules.max(128)]}>
        <Input />
      </Form.Item>
      <Form.Item name="issuer" label={t('sso.issuer')} extra={t('sso.issuerHint')} rules={[rules.required, rules.max(512)]}>
        <Input autoComplete="off" placeholder="https://login.example.com" />
      </Form.Item>
      <Form.Item name="clientId" label={t('sso.clientId')} rules={[rules.required, rules.max(256)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={t('sso.clientSecret')}
        extra={t(provider ? 'sso.clientSecretKeep' : 'sso.clientSecretHint')}
        rules={provider ? [rules.max(1024)] : [rules.required, rules.max(1024)]}
        // Emptied on an edit: left out of the request, so the stored secret stays.
        normalize={(value?: string) => value || undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="usernameClaim" label={t('sso.usernameClaim')} rules={[rules.required, rules.max(64)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="emailClaim" label={t('sso.emailClaim')} rules={[rules.required, rules.max(64)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="linkBy" label={t('sso.linkBy')}>
        <Select options={LINK_BY.map((value) => ({ value, label: t(`sso.linkBy.${value}`) }))} />
      </Form.Item>
      <Form.Item name="jit" label={t('sso.jit')} extra={t('sso.jitHint')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="defaultRoleId" label={t('sso.defaultRole')} extra={t('sso.defaultRoleHint')} normalize={(value?: string) => value ?? null}>
        <Select {...roles.selectProps} allowClear placeholder={t('sso.noRole')} filterOption optionFilterProp="label" onSearch={undefined} />
      </Form.Item>
      <Form.Item name="enabled" label={t('sso.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
