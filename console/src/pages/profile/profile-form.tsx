import { CanAccess, useCustomMutation, useInvalidateAuthStore, useTranslation, type HttpError } from '@refinedev/core';
import { Button, Card, Form, Input, type FormInstance } from 'antd';
import { useEffect } from 'react';

/** The account as GET /me answers its `user` (the fields this page shows). */
export interface MyAccount {
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
}

interface ProfileValues {
  nickname: string;
  email: string;
  phone: string;
}

/**
 * The caller's nickname, email and phone (PUT /me/profile). An emptied email or phone is sent as
 * null, which clears it; the API normalises them and says under the field what it refuses.
 */
export function ProfileForm({ account }: { account: MyAccount }) {
  const { translate: t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const { mutate, mutation } = useCustomMutation<MyAccount>();
  const invalidateIdentity = useInvalidateAuthStore();
  useFieldErrors(form, mutation.error as HttpError | null);

  const save = ({ nickname, email, phone }: ProfileValues) =>
    mutate(
      {
        url: '/me/profile',
        method: 'put',
        values: { nickname, email: email || null, phone: phone || null },
        successNotification: () => ({ type: 'success', message: t('profile.saved') }),
      },
      // Shown as the API keeps them (normalised), and the header's name follows.
      {
        onSuccess: ({ data }) => {
          form.setFieldsValue(valuesOf(data));
          void invalidateIdentity();
        },
      },
    );

  return (
    <Card title={t('profile.account')}>
      <Form form={form} layout="vertical" onFinish={save} initialValues={valuesOf(account)}>
        <Form.Item label={t('users.username')}>
          <Input disabled value={account.username} />
        </Form.Item>
        <Form.Item name="nickname" label={t('users.nickname')}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('users.phone')}>
          <Input autoComplete="tel" />
        </Form.Item>
        <CanAccess resource="me/profile" action="edit" params={{ permission: 'me:profile:edit' }}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('form.save')}
          </Button>
        </CanAccess>
      </Form>
    </Card>
  );
}

function valuesOf({ nickname, email, phone }: MyAccount): ProfileValues {
  return { nickname, email: email ?? '', phone: phone ?? '' };
}

/** The API's messages about the form's fields (`/body/email`), under those fields. */
export function useFieldErrors<T>(form: FormInstance<T>, error: HttpError | null): void {
  useEffect(() => {
    const errors = error?.errors ?? {};
    form.setFields(
      Object.entries(errors).map(([name, messages]) => ({
        name: name as never,
        errors: Array.isArray(messages) ? (messages as string[]) : [String(messages)],
      })),
    );
  }, [error, form]);
}
