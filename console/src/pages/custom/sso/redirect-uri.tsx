import { useCustom, useTranslation } from '@refinedev/core';
import { Form, Typography } from 'antd';
import { PROVIDERS, type Provider } from './provider';

/**
 * The redirect URI to register at the provider, as the server makes it (its public address and
 * sign-in paths are the server's to know, so the console never builds it).
 */
export function RedirectUri({ provider }: { provider: Provider }) {
  const { translate: t } = useTranslation();
  const { result } = useCustom<{ redirectUri: string }>({ url: `/${PROVIDERS}/${encodeURIComponent(provider.id)}/redirect-uri`, method: 'get' });
  const uri = result?.data?.redirectUri;
  return (
    <Form.Item label={t('sso.redirectUri')} extra={t('sso.redirectUriHint')}>
      <Typography.Text code copyable={uri ? { text: uri } : false} data-testid="sso-redirect-uri">
        {uri ?? '…'}
      </Typography.Text>
    </Form.Item>
  );
}
