import { useCustomMutation, useGo, useLogin, useTranslation } from '@refinedev/core';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { LoginCredentials } from '../../api/auth-provider';
import type { SecondStep } from '../../api/http';
import { RecoveryCodes, TotpSetup, type TotpEnrolment } from './totp-setup';

/**
 * The second step of a sign-in whose password was right: the authenticator's code (or a recovery
 * code), or, when a role requires two-factor and the user has none, its enrolment first.
 */
export default function SecondFactorStep({ step }: { step: SecondStep }) {
  const { translate: t } = useTranslation();
  const go = useGo();
  const { mutate: login, isPending } = useLogin<LoginCredentials>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const enrolment = useRequiredEnrolment(step);

  if (recoveryCodes) {
    return (
      <Flex vertical gap={16}>
        <RecoveryCodes codes={recoveryCodes} />
        <Button type="primary" block onClick={() => go({ to: '/', type: 'replace' })}>
          {t('mfa.continue')}
        </Button>
      </Flex>
    );
  }
  const submit = ({ code }: { code: string }) =>
    login(
      { secondStep: step, code: code.trim() },
      { onSuccess: (answer) => Array.isArray(answer.recoveryCodes) && setRecoveryCodes(answer.recoveryCodes as string[]) },
    );
  return (
    <Flex vertical gap={16} style={{ marginTop: 16 }}>
      {step.kind === 'enrol' && <Typography.Text>{t('mfa.enrolmentRequired')}</Typography.Text>}
      {enrolment && <TotpSetup enrolment={enrolment} />}
      <Form<{ code: string }> layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="code"
          label={t('mfa.code')}
          extra={step.kind === 'code' ? t('mfa.codeHint') : undefined}
          rules={[{ required: true, message: t('login.required') }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {t('mfa.verify')}
        </Button>
      </Form>
    </Flex>
  );
}

/** Starts the enrolment a role requires (POST /auth/mfa/totp with the login's token); nothing for a code step. */
function useRequiredEnrolment(step: SecondStep): TotpEnrolment | undefined {
  const { mutate } = useCustomMutation<TotpEnrolment>();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  useEffect(() => {
    if (step.kind !== 'enrol') return;
    mutate(
      { url: '/auth/mfa/totp', method: 'post', values: { mfaToken: step.mfaToken }, successNotification: false },
      { onSuccess: ({ data }) => setEnrolment(data) },
    );
  }, [step, mutate]);
  return enrolment;
}
