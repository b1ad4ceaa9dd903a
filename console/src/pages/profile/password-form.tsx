import { CanAccess, useCustomMutation, useTranslation, type HttpError } from '@refinedev/core';
import { Button, Card, Form, Input } from 'antd';
import { useFieldErrors } from './profile-form';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Changes the caller's password (PUT /me/password): this session goes on, every other one
 * ends. A wrong current password and a new one the policy refuses are the API's messages, under
 * their fields.
 */
export function PasswordForm() {
  const { translate: t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const { mutate, mutation } = useCustomMutation();
  useFieldErrors(form, mutation.error as HttpError | null);
  const required = { required: true, message: t('login.required') };

  const change = ({ oldPassword, newPassword }: PasswordValues) =>
    mutate(
      {
        url: '/me/password',
        method: 'put',
        values: { oldPassword, newPassword },
        successNotification: () => ({ type: 'success', message: t('profile.passwordChanged') }),
      },
      { onSuccess: () => form.resetFields() },
    );

  return (
    <CanAccess resource="me/password" action="edit" params={{ permission: 'me:password:edit' }}>
      <Card title={t('profile.password')}>
        <Form form={form} layout="vertical" onFinish={change}>
          <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[required]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t('profile.newPassword')} rules={[required]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('profile.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('profile.passwordsDiffer'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('profile.changePassword')}
          </Button>
        </Form>
      </Card>
    </CanAccess>
  );
}
