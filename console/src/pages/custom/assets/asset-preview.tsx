import { CanAccess, useCustom, useTranslation } from '@refinedev/core';
import { Image } from 'antd';
import { useEffect, useState } from 'react';
import { ASSET_PERMISSIONS, type Asset } from './asset';

/**
 * An image asset's thumbnail, enlarged on click. Its content needs the bearer token, which an
 * <img> cannot send: it is fetched through the API client and shown from an object URL
 * (the console's CSP allows `blob:` images), released when the row goes.
 */
export function AssetPreview({ asset }: { asset: Asset }) {
  if (!asset.contentType.startsWith('image/')) return null;
  return (
    <CanAccess resource="assets" action="download" params={{ permission: ASSET_PERMISSIONS.download }}>
      <Thumbnail asset={asset} />
    </CanAccess>
  );
}

function Thumbnail({ asset }: { asset: Asset }) {
  const { translate: t } = useTranslation();
  const { query, result } = useCustom<Blob>({
    url: `/assets/${encodeURIComponent(asset.id)}/content`,
    method: 'get',
    meta: { blob: true },
    // An asset never changes: its bytes are read once.
    queryOptions: { staleTime: Infinity },
  });
  const blob = query.isSuccess ? result.data : undefined;
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  if (!url) return null;
  return <Image src={url} alt={t('assets.previewOf', { filename: asset.filename })} width={48} height={48} style={{ objectFit: 'cover' }} />;
}
