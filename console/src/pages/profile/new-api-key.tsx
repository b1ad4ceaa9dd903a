import { CanAccess, useCreate, useCustom, useTranslation, type HttpError } from '@refinedev/core';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useFieldErrors } from './profile-form';

const ADD = 'me:api-key:add';
const API_KEYS = 'me/api-keys';

interface NewKeyValues {
  name: string;
  permissions: string[];
  expiresAt?: Dayjs | null;
}

/**
 * Makes an API key (POST /me/api-keys): a name, permissions picked from the caller's own (or
 * narrower codes typed in; the API refuses any the caller does not hold, under the field) and an
 * optional expiry. The key the answer holds is shown once, with a copy button, and never again.
 */
export function NewApiKeyButton() {
  const { translate: t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [form] = Form.useForm<NewKeyValues>();
  const { mutate, mutation } = useCreate<{ key: string }>();
  useFieldErrors(form, mutation.error as HttpError | null);
  const { result } = useCustom<{ permissions: string[] }>({ url: '/me', method: 'get', queryOptions: { enabled: open } });
  const own = result?.data?.permissions ?? [];
  const required = { required: true, message: t('login.required') };

  const create = ({ name, permissions, expiresAt }: NewKeyValues) =>
    mutate(
      { resource: API_KEYS, values: { name, permissions, ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) }, successNotification: false },
      {
        onSuccess: ({ data }) => {
          setOpen(false);
          form.resetFields();
          setSecret(data.key);
        },
      },
    );

  return (
    <CanAccess resource={API_KEYS} action="create" params={{ permission: ADD }}>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('apiKeys.new')}
      </Button>
      <Modal
        open={open}
        title={t('apiKeys.new')}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        okText={t('apiKeys.create')}
        okButtonProps={{ htmlType: 'submit', form: 'new-api-key', loading: mutation.isPending }}
        cancelText={t('common.cancel')}
      >
        <Form form={form} name="new-api-key" layout="vertical" onFinish={create}>
          <Form.Item name="name" label={t('apiKeys.name')} rules={[required]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="permissions" label={t('apiKeys.permissions')} extra={t('apiKeys.permissionsHint')} rules={[required]}>
            <Select mode="tags" options={own.map((code) => ({ value: code, label: code }))} tokenSeparators={[',', ' ']} />
          </Form.Item>
          <Form.Item name="expiresAt" label={t('apiKeys.expiresAt')} extra={t('apiKeys.expiresAtHint')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      {/* Destroyed once closed: the secret leaves the page with it. */}
      <Modal
        open={secret !== null}
        title={t('apiKeys.created')}
        destroyOnHidden
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon message={t('apiKeys.shownOnce')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph code copyable={{ text: secret ?? '' }} aria-label={t('apiKeys.secret')} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Typography.Paragraph>
      </Modal>
    </CanAccess>
  );
}
