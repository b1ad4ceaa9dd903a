import { CanAccess, useCustom, useCustomMutation, useTranslation } from '@refinedev/core';
import { Button, Card, Flex, Form, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RecoveryCodes, TotpSetup, type TotpEnrolment } from './totp-setup';

/**
 * The caller's two-factor sign-in (docs/sign-in.md): whether it is on; turning it on (a QR code to
 * scan, a code to confirm, the recovery codes shown once); turning it off with a code.
 */
export function TwoFactorCard() {
  // Drawn, and its state asked for, only for a caller who may turn it on and off: else GET /me/mfa is a 403.
  return (
    <CanAccess resource="me/mfa" action="edit" params={{ permission: 'me:mfa:edit' }}>
      <CanAccess resource="me/mfa" action="query" params={{ permission: 'me:mfa:query' }}>
        <TwoFactorPanel />
      </CanAccess>
    </CanAccess>
  );
}

function TwoFactorPanel() {
  const { translate: t } = useTranslation();
  const status = useCustom<{ totp: boolean }>({ url: '/me/mfa', method: 'get' });
  const { mutate, mutation } = useCustomMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const on = status.query.isSuccess ? status.result.data.totp : undefined;
  const refresh = () => void status.query.refetch();

  const begin = () =>
    mutate({ url: '/me/mfa/totp', method: 'post', values: {}, successNotification: false }, { onSuccess: ({ data }) => setEnrolment(data as TotpEnrolment) });
  const confirm = ({ code }: { code: string }) =>
    mutate(
      {
        url: '/me/mfa/totp/confirm',
        method: 'post',
        values: { code: code.trim() },
        successNotification: () => ({ type: 'success', message: t('mfa.enabled') }),
      },
      { onSuccess: ({ data }) => (setEnrolment(undefined), setRecoveryCodes((data as { recoveryCodes: string[] }).recoveryCodes), refresh()) },
    );
  const disable = ({ code }: { code: string }) =>
    mutate(
      { url: '/me/mfa/totp', method: 'delete', values: { code: code.trim() }, successNotification: () => ({ type: 'success', message: t('mfa.disabled') }) },
      { onSuccess: () => (setRecoveryCodes(undefined), refresh()) },
    );

  return (
    <Card
      title={t('mfa.title')}
      extra={on === undefined ? null : <Tag color={on ? 'green' : 'default'}>{t(on ? 'mfa.on' : 'mfa.off')}</Tag>}
      data-testid="two-factor"
    >
      {on === undefined && <Spin />}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {on === false && !enrolment && (
        <Flex vertical gap={8} align="start">
          <Typography.Text>{t('mfa.explain')}</Typography.Text>
          <Button type="primary" onClick={begin} loading={mutation.isPending}>
            {t('mfa.turnOn')}
          </Button>
        </Flex>
      )}
      {on === false && enrolment && (
        <Flex vertical gap={16}>
          <TotpSetup enrolment={enrolment} />
          <CodeForm submitLabel={t('mfa.confirm')} onSubmit={confirm} pending={mutation.isPending} />
        </Flex>
      )}
      {on === true && <CodeForm submitLabel={t('mfa.turnOff')} hint={t('mfa.turnOffHint')} onSubmit={disable} pending={mutation.isPending} danger />}
    </Card>
  );
}

interface CodeFormProps {
  submitLabel: string;
  hint?: string;
  pending: boolean;
  danger?: boolean;
  onSubmit: (values: { code: string }) => void;
}

function CodeForm({ submitLabel, hint, pending, danger, onSubmit }: CodeFormProps) {
  const { translate: t } = useTranslation();
  return (
    <Form<{ code: string }> layout="vertical" onFinish={onSubmit} requiredMark={false}>
      <Form.Item name="code" label={t('mfa.code')} extra={hint} rules={[{ required: true, message: t('login.required') }]}>
        <Input autoComplete="one-time-code" />
      </Form.Item>
      <Button type="primary" danger={danger} htmlType="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
