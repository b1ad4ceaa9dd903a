import { useForm } from '@refinedev/antd';
import { useTranslation } from '@refinedev/core';
import { Card, Col, Form, Input, Row, Spin, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../form-footer';
import { ColumnSettings } from './column-settings';
import type { GeneratorTable } from './generator-table';
import { FRESH_RECORD } from '../../fresh-record';

/**
 * An imported table's configuration (PUT /generator/tables/{id}): the module's id and name (its
 * menu's title), class name, resource path (also its menu's path), permission prefix, whether
 * each tenant has its own records, and per column its settings. The version read goes back with
 * it; the API's reasons land under the fields they name (`/body/columns/2/queryOp`).
 */
export function TableForm({ route, id }: { route: string; id: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const { formProps, saveButtonProps, query } = useForm<GeneratorTable>({
    resource: 'generator/tables',
    action: 'edit',
    id,
    redirect: false,
    queryOptions: FRESH_RECORD,
    onMutationSuccess: () => navigate(route),
  });
  const table = query?.data?.data;
  const required = [{ required: true, message: t('login.required') }];
  const text = (name: keyof GeneratorTable, label: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} rules={required}>
        <Input />
      </Form.Item>
    </Col>
  );

  return (
    <Card title={t('generator.editTitle', { tableName: table?.tableName ?? '' })}>
      {!table ? (
        <Spin />
      ) : (
        <Form {...formProps} layout="vertical">
          <Row gutter={16}>
            {text('moduleId', t('generator.moduleId'))}
            {text('moduleName', t('generator.moduleName'))}
            {text('className', t('generator.className'))}
            {text('resourcePath', t('generator.resourcePath'))}
            {text('permissionPrefix', t('generator.permissionPrefix'))}
            <Col xs={24} md={12}>
              <Form.Item name="tenantOwned" label={t('generator.tenantOwned')} valuePropName="checked" extra={t('generator.tenantOwnedHint')}>
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('generator.columns')}>
            <ColumnSettings columns={table.columns ?? []} />
          </Form.Item>
          <FormFooter action="edit" saveButtonProps={saveButtonProps} onCancel={() => navigate(route)} />
        </Form>
      )}
    </Card>
  );
}
