import { useCustom, useLogin, useTranslation } from '@refinedev/core';
import { Button, Flex, Form, Input, Layout, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { ApiHttpError, SecondStep } from '../api/http';
import { PreferenceSwitches } from '../layout/preference-switches';
import { CAPTCHA_CODES, CaptchaField, useCaptcha } from './captcha-field';
import { SsoSignIn } from './sso-sign-in';

// Drawn only for an account with a second factor: its scripts (QR code, recovery codes) load then.
const SecondFactorStep = lazy(() => import('./two-factor/second-factor-step'));

interface Credentials {
  username: string;
  password: string;
  tenant?: string;
  captchaId?: string;
  captchaAnswer?: string;
}

/**
 * The sign-in form. It asks for a tenant code when the server says a login should name one
 * (GET /auth/login-options: a tenant besides the default exists); a single-tenant installation
 * shows username and password only. Should that question fail, the field is a click away. After
 * repeated failures the server asks for a captcha: a challenge is drawn and shown, and a new one
 * after every refused try (each answers one login).
 */
export function LoginPage() {
  const { translate: t } = useTranslation();
  const { token } = theme.useToken();
  const { mutate: login, isPending } = useLogin<Credentials>();
  const options = useCustom<{ tenants: boolean }>({ url: '/auth/login-options', method: 'get', errorNotification: false });
  const [tenantAsked, setTenantAsked] = useState(false);
  const [form] = Form.useForm<Credentials>();
  const tenant = Form.useWatch('tenant', form);
  const tenantShown = tenantAsked || (options.query.isSuccess && options.result.data.tenants);
  const required = [{ required: true, message: t('login.required') }];
  const captcha = useCaptcha();
  // A refused sign-in is Refine's notification: the API's code and its message, in the console's language.
  const submit = (values: Credentials) =>
    login(
      { ...values, captchaId: captcha.challenge?.captchaId },
      {
        onSuccess: (answer) => {
          if (answer.secondStep) setSecondStep(answer.secondStep as SecondStep);
          if (answer.success) return;
          form.setFieldValue('captchaAnswer', undefined);
          if (captcha.challenge || CAPTCHA_CODES.includes((answer.error as ApiHttpError | undefined)?.code ?? '')) captcha.draw();
        },
      },
    );
  // A password that needs a second factor: the code (or the enrolment a role requires) comes next.
  const [secondStep, setSecondStep] = useState<SecondStep>();

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      {/* Not a Card: antd's Card brings its Tabs and their menus, a tenth of the first load. */}
      <main style={{ width: '100%', maxWidth: 400, padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          {/* Not Typography: its copy, edit and ellipsis parts would be a twentieth of the first load. */}
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading4,
              lineHeight: token.lineHeightHeading4,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {t('login.title')}
          </h1>
          <PreferenceSwitches />
        </Flex>
        {secondStep && (
          <Suspense>
            <SecondFactorStep step={secondStep} />
          </Suspense>
        )}
        <Form<Credentials> form={form} hidden={secondStep !== undefined} layout="vertical" onFinish={submit} requiredMark={false} style={{ marginTop: 16 }}>
          <Form.Item name="username" label={t('login.username')} rules={required}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={required}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {tenantShown && (
            <Form.Item name="tenant" label={t('login.tenant')} extra={t('login.tenantHint')}>
              <Input autoComplete="organization" />
            </Form.Item>
          )}
          {captcha.challenge && <CaptchaField challenge={captcha.challenge} onRedraw={captcha.draw} />}
          {!tenantShown && options.query.isError && (
            <Button type="link" size="small" style={{ padding: 0, marginBottom: 16 }} onClick={() => setTenantAsked(true)}>
              {t('login.moreOptions')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t('login.submit')}
          </Button>
        </Form>
        {!secondStep && <SsoSignIn tenant={tenant?.trim() || undefined} />}
      </main>
    </Layout>
  );
}
