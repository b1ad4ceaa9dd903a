import { useForm } from '@refinedev/antd';
import { useTranslation } from '@refinedev/core';
import { Card, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../form-footer';
import { FireTimesPreview } from './fire-times';
import { PayloadEditor } from './payload-editor';
import { payloadValues, readPayload } from './payload';
import type { Schedule } from './task';
import { TaskTypeItem, useTaskTypes } from './task-types';
import { FRESH_RECORD } from '../../fresh-record';

/** The IANA zones the browser knows, UTC first (the API's default). */
function timeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

/**
 * Create or edit a schedule: its name, cron and time zone (the next fire times shown as they are
 * typed), the task type it submits and that type's payload, and whether it is enabled. An edit
 * sends the version it read; the API's messages about a field land under it.
 */
export function ScheduleForm({ route, title, action, id }: { route: string; title: string; action: 'create' | 'edit'; id?: string }) {
  const { translate: t } = useTranslation();
  const navigate = useNavigate();
  const types = useTaskTypes();
  const zones = useMemo(timeZones, []);
  const [payloadForm] = Form.useForm();
  const { formProps, saveButtonProps, query, form } = useForm<Schedule>({
    resource: 'tasks/schedules',
    action,
    id,
    redirect: false,
    queryOptions: FRESH_RECORD,
    onMutationSuccess: () => navigate(route),
  });
  const type = Form.useWatch('type', form);
  const cron = Form.useWatch('cron', form);
  const timezone = Form.useWatch('timezone', form);
  const schema = types.find((candidate) => candidate.type === type)?.payloadSchema;
  const record = query?.data?.data;

  // The payload read is shown once both it and its type's schema have arrived.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !record || types.length === 0) return;
    filled.current = true;
    payloadForm.setFieldsValue(payloadValues(types.find((candidate) => candidate.type === record.type)?.payloadSchema, record.payload));
  }, [record, types, payloadForm]);

  const finish = async (values: Record<string, unknown>) => formProps.onFinish?.({ ...values, payload: await readPayload(payloadForm, schema) });
  const required = [{ required: true, message: t('login.required') }];

  return (
    <Card title={t(action === 'create' ? 'form.createTitle' : 'form.editTitle', { title })} loading={action === 'edit' && query?.isLoading}>
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <Form
            {...formProps}
            initialValues={action === 'create' ? { timezone: 'UTC', enabled: true } : formProps.initialValues}
            layout="vertical"
            onFinish={(values) => void finish(values).catch(() => undefined)}
          >
            <Form.Item name="name" label={t('schedules.name')} rules={required}>
              <Input />
            </Form.Item>
            <Form.Item name="cron" label={t('schedules.cron')} extra={t('schedules.cronHint')} rules={required}>
              <Input spellCheck={false} />
            </Form.Item>
            <Form.Item name="timezone" label={t('schedules.timezone')}>
              <Select showSearch options={zones.map((zone) => ({ value: zone, label: zone }))} />
            </Form.Item>
            <TaskTypeItem types={types} onChange={() => payloadForm.resetFields()} />
            {type && <PayloadEditor key={type as string} form={payloadForm} schema={schema} />}
            <Form.Item name="enabled" label={t('schedules.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <FormFooter action={action} saveButtonProps={saveButtonProps} onCancel={() => navigate(route)} />
          </Form>
        </Col>
        <Col xs={24} md={10}>
          <FireTimesPreview cron={cron as string | undefined} timezone={timezone as string | undefined} />
        </Col>
      </Row>
    </Card>
  );
}
