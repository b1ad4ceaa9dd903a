import { useTranslation } from '@refinedev/core';
import { Checkbox, Form, Input, Select, Table, Tag, Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { QUERY_OPERATORS, TS_TYPES, type GeneratorColumn } from './generator-table';

type Setting = 'label' | 'tsType' | 'list' | 'query' | 'queryOp' | 'form' | 'required' | 'dictCode';

/**
 * The settings of each column, as fields of the configuration's form (`columns[i].label`…,
 * each column sent with its `columnName`). A column the module leaves out (`supported: false`)
 * is shown but not editable; the API says under a field what it refuses.
 */
export function ColumnSettings({ columns }: { columns: GeneratorColumn[] }) {
  const { translate: t } = useTranslation();
  const item = (index: number, setting: Setting, control: ReactNode, checkbox = false) => (
    <Form.Item name={['columns', index, setting]} valuePropName={checkbox ? 'checked' : 'value'} style={{ marginBottom: 0 }}>
      {control}
    </Form.Item>
  );
  const check = (setting: Setting) => ({
    key: setting,
    title: t(`generator.column.${setting}`),
    render: (_: unknown, column: GeneratorColumn, index: number) =>
      item(index, setting, <Checkbox disabled={!column.supported} aria-label={`${column.columnName} ${t(`generator.column.${setting}`)}`} />, true),
  });
  const choice = (setting: 'tsType' | 'queryOp', values: readonly string[]) => ({
    key: setting,
    title: t(`generator.column.${setting}`),
    render: (_: unknown, column: GeneratorColumn, index: number) =>
      item(index, setting, <Select disabled={!column.supported} style={{ minWidth: 96 }} options={values.map((value) => ({ value, label: value }))} />),
  });

  const table: TableColumnType<GeneratorColumn>[] = [
    {
      key: 'column',
      title: t('generator.column.name'),
      render: (_, column, index) => (
        <>
          <Form.Item name={['columns', index, 'columnName']} hidden>
            <input type="hidden" />
          </Form.Item>
          <Typography.Text strong>{column.columnName}</Typography.Text> <Tag>{column.dbType}</Tag>
          {column.primaryKey && <Tag color="blue">{t('generator.column.primaryKey')}</Tag>}
          {!column.supported && <Tag color="warning">{t('generator.column.unsupported')}</Tag>}
        </>
      ),
    },
    {
      key: 'label',
      title: t('generator.column.label'),
      render: (_, column, index) => item(index, 'label', <Input disabled={!column.supported} style={{ minWidth: 120 }} />),
    },
    choice('tsType', TS_TYPES),
    check('list'),
    check('query'),
    choice('queryOp', QUERY_OPERATORS),
    check('form'),
    check('required'),
    {
      key: 'dictCode',
      title: t('generator.column.dictCode'),
      render: (_, column, index) => (
        <Form.Item name={['columns', index, 'dictCode']} normalize={(value: string) => value || null} style={{ marginBottom: 0 }}>
          <Input allowClear disabled={!column.supported} style={{ minWidth: 120 }} />
        </Form.Item>
      ),
    },
  ];
  return <Table rowKey="columnName" size="small" columns={table} dataSource={columns} pagination={false} scroll={{ x: true }} />;
}
