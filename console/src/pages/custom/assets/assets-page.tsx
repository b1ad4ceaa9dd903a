import { CanAccess, useTranslation, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Card, Form, Input, Space, type TableColumnType } from 'antd';
import { useState } from 'react';
import type { CustomPageProps } from '../registry';
import { DeleteButton } from '../../delete-button';
import { PagedTable } from '../../paged-table';
import { ASSET_PERMISSIONS, formatSize, type Asset } from './asset';
import { AssetPreview } from './asset-preview';
import { AssetUpload } from './asset-upload';
import { SignedLink } from './signed-link';

/**
 * The assets: upload by dropping files, a page of them with a thumbnail of each image, and per
 * asset a signed link to share and delete, each for whoever holds its permission.
 */
export default function AssetsPage({ menu }: CustomPageProps) {
  const { translate: t } = useTranslation();
  const [signing, setSigning] = useState<Asset>();
  const { tableProps, searchFormProps, tableQuery } = useTable<Asset, never, { filename?: string }>({
    resource: 'assets',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
    onSearch: ({ filename }): CrudFilter[] => [{ field: 'filename', operator: 'contains', value: filename }],
  });

  const columns: TableColumnType<Asset>[] = [
    { key: 'preview', title: t('assets.preview'), render: (_, asset) => <AssetPreview asset={asset} /> },
    { dataIndex: 'filename', title: t('assets.filename'), sorter: true },
    { dataIndex: 'contentType', title: t('assets.contentType') },
    { dataIndex: 'size', title: t('assets.size'), sorter: true, render: (size: number) => formatSize(size) },
    { dataIndex: 'createdAt', title: t('assets.createdAt'), sorter: true, render: (value: string) => new Date(value).toLocaleString() },
    {
      key: 'actions',
      title: t('list.actions'),
      render: (_, asset) => (
        <Space wrap>
          <CanAccess resource="assets" action="download" params={{ permission: ASSET_PERMISSIONS.download }}>
            <Button size="small" onClick={() => setSigning(asset)}>
              {t('assets.copySignedLink')}
            </Button>
          </CanAccess>
          <DeleteButton resource="assets" id={asset.id} version={undefined} permission={ASSET_PERMISSIONS.remove} />
        </Space>
      ),
    },
  ];

  return (
    <Card title={menu.title}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <CanAccess resource="assets" action="create" params={{ permission: ASSET_PERMISSIONS.upload }}>
          <AssetUpload onUploaded={() => void tableQuery.refetch()} />
        </CanAccess>
        <Form {...searchFormProps} name="assetFilters" layout="inline" style={{ rowGap: 8 }}>
          <Form.Item name="filename" label={t('assets.filename')}>
            <Input allowClear />
          </Form.Item>
          <Button htmlType="submit">{t('list.search')}</Button>
        </Form>
        <PagedTable tableProps={tableProps} columns={columns} totalIsEstimate={tableQuery.data?.totalIsEstimate} />
      </Space>
      {signing && <SignedLink asset={signing} onClose={() => setSigning(undefined)} />}
    </Card>
  );
}
