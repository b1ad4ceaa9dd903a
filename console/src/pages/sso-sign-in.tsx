import { useCustom, useLogin, useTranslation } from '@refinedev/core';
import { Alert, Button, Divider, Flex } from 'antd';
import { useEffect, useState } from 'react';

interface SignInProvider {
  name: string;
  displayName: string;
  startUrl: string;
}

/**
 * Single sign-on on the sign-in page: a button per provider of the tenant (GET /auth/oidc/providers),
 * each a navigation to its start URL; and, back from the provider, the outcome the callback put in
 * the fragment: a one-time code, signed in with at once, or an error code, shown. The fragment is
 * cleared first, so a reload or the history never replays it.
 */
export function SsoSignIn({ tenant }: { tenant?: string }) {
  const { translate: t } = useTranslation();
  const { mutate: login } = useLogin<{ ssoCode: string }>();
  const [error, setError] = useState<string>();
  const providers = useCustom<{ items: SignInProvider[] }>({
    url: '/auth/oidc/providers',
    method: 'get',
    config: { query: tenant ? { tenant } : {} },
    errorNotification: false,
  });

  useEffect(() => {
    const outcome = new URLSearchParams(window.location.hash.slice(1));
    if (!outcome.has('sso') && !outcome.has('ssoError')) return;
    window.history.replaceState(null, '', window.location.pathname);
    const code = outcome.get('sso');
    if (code) login({ ssoCode: code });
    else setError(outcome.get('ssoError') ?? undefined);
  }, [login]);

  const items = providers.query.isSuccess ? providers.result.data.items : [];
  if (items.length === 0 && !error) return null;
  return (
    <>
      <Divider plain>{t('login.sso')}</Divider>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('login.ssoFailed')} description={error} />}
      <Flex vertical gap={8}>
        {items.map((provider) => (
          <Button key={provider.name} block href={provider.startUrl}>
            {provider.displayName}
          </Button>
        ))}
      </Flex>
    </>
  );
}
