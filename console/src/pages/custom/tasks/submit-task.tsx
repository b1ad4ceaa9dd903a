import { useCreate, useTranslation } from '@refinedev/core';
import { DatePicker, Form, InputNumber, Modal, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PayloadEditor } from './payload-editor';
import { readPayload } from './payload';
import { TaskTypeItem, useTaskTypes } from './task-types';
import type { Task } from './task';

interface Submission {
  type: string;
  maxAttempts?: number;
  autoRun: boolean;
  runAt?: Dayjs;
}

/** 16 random bytes as hex: the dialog's idempotency key (crypto.randomUUID needs a secure context). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Submits a task (POST /tasks): a type of GET /tasks/types and its payload, with the attempts,
 * a later start or a start left to Run. The dialog holds one idempotency key, so pressing Submit
 * twice makes one task.
 */
export function SubmitTask({ onClose, onSubmitted }: { onClose: () => void; onSubmitted: (task: Task) => void }) {
  const { translate: t } = useTranslation();
  const [form] = Form.useForm<Submission>();
  const [payloadForm] = Form.useForm();
  const [key] = useState(newKey);
  const types = useTaskTypes();
  const type = Form.useWatch('type', form);
  const chosen = types.find((candidate) => candidate.type === type);
  const { mutate, mutation } = useCreate<Task>();

  const submit = async ({ runAt, ...values }: Submission) => {
    const payload = await readPayload(payloadForm, chosen?.payloadSchema);
    mutate(
      {
        resource: 'tasks',
        values: { ...values, idempotencyKey: key, payload, ...(runAt ? { runAt: runAt.toISOString() } : {}) },
        successNotification: () => ({ type: 'success', message: t('tasks.submitted') }),
      },
      { onSuccess: ({ data }) => onSubmitted(data) },
    );
  };

  return (
    <Modal
      open
      destroyOnHidden
      title={t('tasks.submit')}
      onCancel={onClose}
      okText={t('tasks.submit')}
      okButtonProps={{ htmlType: 'submit', form: 'submit-task', loading: mutation.isPending }}
      cancelText={t('common.cancel')}
    >
      <Form
        form={form}
        name="submit-task"
        layout="vertical"
        initialValues={{ autoRun: true }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <TaskTypeItem types={types} onChange={() => payloadForm.resetFields()} />
        {chosen?.description && <Typography.Paragraph type="secondary">{chosen.description}</Typography.Paragraph>}
        {chosen && <PayloadEditor key={chosen.type} form={payloadForm} schema={chosen.payloadSchema} />}
        <Form.Item name="maxAttempts" label={t('tasks.maxAttempts')} extra={t('tasks.maxAttemptsHint')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="runAt" label={t('tasks.runAt')} extra={t('tasks.runAtHint')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="autoRun" label={t('tasks.autoRun')} extra={t('tasks.autoRunHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
