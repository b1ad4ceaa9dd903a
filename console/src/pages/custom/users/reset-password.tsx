import { useCustomMutation, useTranslation, type HttpError } from '@refinedev/core';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import type { User } from './user';

/**
 * Sets a user's password (PUT /users/{id}/password), which also ends their sessions. The API
 * checks the length and the well-known list; its message lands under the field.
 */
export function ResetPassword({ user, onClose }: { user: User; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const { mutate, mutation } = useCustomMutation();
  const error = mutation.error as HttpError | null;
  useEffect(() => {
    const messages = error?.errors?.password;
    if (messages) form.setFields([{ name: 'password', errors: Array.isArray(messages) ? (messages as string[]) : [String(messages)] }]);
  }, [error, form]);

  const submit = ({ password }: { password: string }) =>
    mutate(
      {
        url: `/users/${encodeURIComponent(user.id)}/password`,
        method: 'put',
        values: { password },
        successNotification: () => ({ type: 'success', message: t('users.passwordReset') }),
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      open
      title={t('users.resetPasswordOf', { username: user.username })}
      okText={t('form.save')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={t('users.newPassword')} rules={[{ required: true, message: t('login.required') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
