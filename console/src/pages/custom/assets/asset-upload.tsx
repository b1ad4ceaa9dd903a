import { useCustomMutation, useTranslation } from '@refinedev/core';
import { Alert, Space, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import type { ApiHttpError } from '../../../api/http';
import type { Asset } from './asset';

interface Refusal {
  uid: string;
  filename: string;
  error: ApiHttpError;
}

/**
 * Drop files (or click) to upload them: each is posted multipart (`file`) through the API
 * client, so the bearer token and its refresh apply. What the API refuses (too large, a type
 * not allowed, a malformed body) stays above the list with its message and details until closed.
 */
export function AssetUpload({ onUploaded }: { onUploaded: () => void }) {
  const { translate: t } = useTranslation();
  const { mutateAsync } = useCustomMutation<Asset, ApiHttpError>();
  const [refusals, setRefusals] = useState<Refusal[]>([]);

  const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const { uid, name } = file as File & { uid: string };
    const form = new FormData();
    form.append('file', file as File, name);
    setRefusals((shown) => shown.filter((refusal) => refusal.filename !== name));
    mutateAsync({
      url: '/assets',
      method: 'post',
      values: form,
      successNotification: () => ({ type: 'success', message: t('assets.uploaded', { filename: name }) }),
      errorNotification: false,
    }).then(
      ({ data }) => (onSuccess?.(data), onUploaded()),
      (error: ApiHttpError) => {
        setRefusals((shown) => [...shown, { uid, filename: name, error }]);
        onError?.(Object.assign(new Error(error.message), { status: error.statusCode }));
      },
    );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload.Dragger name="file" multiple customRequest={upload} aria-label={t('assets.drop')}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('assets.drop')}</Typography.Paragraph>
        <Typography.Text type="secondary">{t('assets.dropHint')}</Typography.Text>
      </Upload.Dragger>
      {refusals.map(({ uid, filename, error }) => (
        <Alert
          key={uid}
          type="error"
          role="alert"
          showIcon
          closable
          onClose={() => setRefusals((shown) => shown.filter((refusal) => refusal.uid !== uid))}
          message={t('assets.refused', { filename, message: error.message })}
          // A request that never reached the API (the connection dropped) has no details.
          description={error.details?.map((detail) => detail.message).join('; ')}
        />
      ))}
    </Space>
  );
}
