import { CanAccess, useCustom, useOne, useTranslation } from '@refinedev/core';
import { Button, Card, Col, Empty, Menu, Row, Space, Spin, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GENERATOR_PERMISSIONS, type GeneratorTable } from './generator-table';
import { useGenerate } from './use-generate';

interface GeneratedFile {
  path: string;
  content: string;
}

/**
 * Every file generating the table would write (GET /generator/tables/{id}/preview): the list of
 * paths, and the picked file's code. Generate from here once it reads right.
 */
export function TablePreview({ route, id }: { route: string; id: string }) {
  const { translate: t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { generate, generating } = useGenerate();
  const { result: table } = useOne<GeneratorTable>({ resource: 'generator/tables', id });
  const { query, result } = useCustom<{ files: GeneratedFile[] }>({ url: `/generator/tables/${encodeURIComponent(id)}/preview`, method: 'get' });
  const files = query.isSuccess ? result.data.files : undefined;
  const [picked, setPicked] = useState<string>();
  const shown = files?.find((file) => file.path === picked) ?? files?.[0];

  return (
    <Card
      title={t('generator.previewTitle', { tableName: table?.tableName ?? '' })}
      extra={
        <Space>
          {table && (
            <CanAccess resource="generator/tables" action="generate" params={{ permission: GENERATOR_PERMISSIONS.generate }}>
              <Button type="primary" loading={generating} onClick={() => generate(table)}>
                {t('generator.generate')}
              </Button>
            </CanAccess>
          )}
          <Button onClick={() => navigate(route)}>{t('generator.back')}</Button>
        </Space>
      }
    >
      {query.isLoading ? (
        <Spin />
      ) : !files ? (
        <Empty description={t('generator.noPreview')} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={7}>
            <Menu
              mode="inline"
              aria-label={t('generator.files')}
              selectedKeys={shown ? [shown.path] : []}
              items={files.map((file) => ({ key: file.path, label: file.path }))}
              onClick={({ key }) => setPicked(key)}
            />
          </Col>
          <Col xs={24} md={17}>
            <pre
              aria-label={shown?.path}
              style={{
                margin: 0,
                padding: 12,
                overflow: 'auto',
                maxHeight: '70vh',
                background: token.colorFillTertiary,
                borderRadius: token.borderRadius,
                fontFamily: token.fontFamilyCode,
                fontSize: token.fontSizeSM,
              }}
            >
              {shown?.content}
            </pre>
          </Col>
        </Row>
      )}
    </Card>
  );
}
