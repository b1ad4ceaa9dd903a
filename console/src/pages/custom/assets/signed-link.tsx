import { useCustomMutation, useTranslation } from '@refinedev/core';
import { App, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { Asset } from './asset';

interface SignedUrl {
  url: string;
  expiresAt: string;
}

/** The lifetimes offered, in seconds: the API takes 1 s to 24 h. */
const LIFETIMES = [
  { seconds: 300, key: 'assets.expires.5m' },
  { seconds: 3600, key: 'assets.expires.1h' },
  { seconds: 86400, key: 'assets.expires.24h' },
] as const;

/**
 * A link that downloads the asset without signing in, until it expires
 * (POST /assets/{id}/signed-url): pick how long it works, make it, copy it.
 */
export function SignedLink({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState<number>(LIFETIMES[0].seconds);
  const { mutate, mutation } = useCustomMutation<SignedUrl>();
  const [signed, setSigned] = useState<SignedUrl>();
  const link = signed && new URL(signed.url, window.location.origin).href;

  const sign = () =>
    mutate(
      { url: `/assets/${encodeURIComponent(asset.id)}/signed-url`, method: 'post', values: { expiresInSeconds: seconds }, successNotification: false },
      { onSuccess: ({ data }) => setSigned(data) },
    );
  const copy = () => {
    if (!link) return;
    void navigator.clipboard.writeText(link).then(
      () => message.success(t('assets.copied')),
      () => message.error(t('assets.notCopied')),
    );
  };

  return (
    <Modal open title={t('assets.signedLinkOf', { filename: asset.filename })} footer={null} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('assets.expiresIn')}>
          <Space wrap>
            <Select
              aria-label={t('assets.expiresIn')}
              value={seconds}
              onChange={(value) => (setSeconds(value), setSigned(undefined))}
              style={{ minWidth: 140 }}
              options={LIFETIMES.map(({ seconds: value, key }) => ({ value, label: t(key) }))}
            />
            <Button type="primary" loading={mutation.isPending} onClick={sign}>
              {t('assets.makeLink')}
            </Button>
          </Space>
        </Form.Item>
        {signed && (
          <Form.Item label={t('assets.signedLink')} extra={t('assets.worksUntil', { time: new Date(signed.expiresAt).toLocaleString() })}>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link} aria-label={t('assets.signedLink')} onFocus={(event) => event.target.select()} />
              <Button onClick={copy}>{t('assets.copy')}</Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Typography.Text type="secondary">{t('assets.signedLinkHint')}</Typography.Text>
      </Form>
    </Modal>
  );
}
