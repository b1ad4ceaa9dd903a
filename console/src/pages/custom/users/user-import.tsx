import { CanAccess, useCustomMutation, useDataProvider, useInvalidate, useOne, useTranslation } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Progress, Select, Space, Switch, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import type { ApiHttpError } from '../../../api/http';
import { saveAs } from '../../export-button';
import type { Task } from '../tasks/task';
import { USER_PERMISSIONS } from './user';

/** What `users.import` answers when it has run (modules/users/README.md, "Import"). */
interface ImportResult {
  created: number;
  updated: number;
  failed: { row: number; field: string | null; code: string; message: string }[];
}

interface ImportForm {
  mode: 'partial' | 'all-or-nothing';
  updateExisting: boolean;
  initialPassword?: string;
}

const FINAL_STATES = new Set<Task['state']>(['succeeded', 'failed', 'cancelled']);

/**
 * Users from a spreadsheet, for whoever holds `system:user:import`: the template to fill, the
 * file with its mode, then the `users.import` task followed to its end (re-read on each
 * `task.updated` the console hears) and its result, every refused row with its column and why.
 */
export function UserImport() {
  const { translate: t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <CanAccess resource="users" action="import" params={{ permission: USER_PERMISSIONS.import }}>
      <Button onClick={() => setOpen(true)}>{t('users.import')}</Button>
      {open && <ImportModal onClose={() => setOpen(false)} />}
    </CanAccess>
  );
}

function ImportModal({ onClose }: { onClose: () => void }) {
  const { translate: t } = useTranslation();
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<ImportForm>();
  const [file, setFile] = useState<File>();
  const [refusal, setRefusal] = useState<ApiHttpError>();
  const [taskId, setTaskId] = useState<string>();
  const { mutateAsync, mutation } = useCustomMutation<Task, ApiHttpError>();
  // Live events re-read it at each change; the interval only covers a stream that is reconnecting.
  const { query } = useOne<Task>({
    resource: 'tasks',
    id: taskId ?? '',
    queryOptions: { enabled: taskId !== undefined, refetchInterval: (q) => (q.state.data && FINAL_STATES.has(q.state.data.data.state) ? false : 3000) },
  });
  const task = query.data?.data;
  const finished = task !== undefined && FINAL_STATES.has(task.state);
  useEffect(() => {
    if (task?.state === 'succeeded') void invalidate({ resource: 'users', invalidates: ['list'] });
  }, [task?.state, invalidate]);

  const template = async () => {
    const { data } = await dataProvider().custom!<Blob>({ url: '/users/import/template', method: 'get', meta: { blob: true } });
    saveAs(data, 'users-import-template.xlsx');
  };
  const submit = async ({ mode, updateExisting, initialPassword }: ImportForm) => {
    if (!file) return;
    const body = new FormData();
    body.append('mode', mode);
    body.append('updateExisting', String(updateExisting));
    if (initialPassword) body.append('initialPassword', initialPassword);
    body.append('file', file, file.name);
    setRefusal(undefined);
    await mutateAsync({ url: '/users/import', method: 'post', values: body, successNotification: false, errorNotification: false }).then(
      ({ data }) => setTaskId(data.id),
      (error: ApiHttpError) => setRefusal(error),
    );
  };

  return (
    <Modal
      open
      title={t('users.import.title')}
      onCancel={onClose}
      width={720}
      footer={
        taskId ? (
          <Button onClick={onClose}>{t('users.import.close')}</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            <Button type="primary" disabled={!file} loading={mutation.isPending} onClick={() => form.submit()}>
              {t('users.import.start')}
            </Button>
          </Space>
        )
      }
    >
      {!taskId && (
        <Form
          form={form}
          layout="vertical"
          name="userImport"
          initialValues={{ mode: 'partial', updateExisting: false }}
          onFinish={(values) => void submit(values)}
        >
          <Typography.Paragraph>
            {t('users.import.hint')}{' '}
            <Button type="link" onClick={() => void template().catch(() => undefined)}>
              {t('users.import.template')}
            </Button>
          </Typography.Paragraph>
          <Form.Item label={t('users.import.file')} required>
            <Upload accept=".xlsx" maxCount={1} beforeUpload={(chosen) => (setFile(chosen), false)} onRemove={() => setFile(undefined)}>
              <Button>{t('users.import.choose')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item name="mode" label={t('users.import.mode')}>
            <Select
              options={[
                { value: 'partial', label: t('users.import.mode.partial') },
                { value: 'all-or-nothing', label: t('users.import.mode.allOrNothing') },
              ]}
            />
          </Form.Item>
          <CanAccess resource="users" action="edit" params={{ permission: USER_PERMISSIONS.edit }}>
            <Form.Item name="updateExisting" label={t('users.import.updateExisting')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </CanAccess>
          <Form.Item name="initialPassword" label={t('users.import.initialPassword')} extra={t('users.import.initialPasswordHint')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {refusal && (
            <Alert type="error" role="alert" showIcon message={refusal.message} description={refusal.details?.map((detail) => detail.message).join('; ')} />
          )}
        </Form>
      )}
      {taskId && <ImportProgress task={task} finished={finished} />}
    </Modal>
  );
}

function ImportProgress({ task, finished }: { task?: Task; finished: boolean }) {
  const { translate: t } = useTranslation();
  if (!task) return <Progress percent={0} />;
  if (!finished) return <Progress percent={Math.round(task.progress?.percent ?? 0)} status="active" aria-label={t('users.import.running')} />;
  if (task.state !== 'succeeded') return <Alert type="error" role="alert" showIcon message={t('users.import.failed')} description={task.error} />;
  const result = task.result as ImportResult;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type={result.failed.length > 0 ? 'warning' : 'success'}
        role="status"
        showIcon
        message={t('users.import.done', { created: result.created, updated: result.updated, failed: result.failed.length })}
      />
      {result.failed.length > 0 && (
        <Table
          size="small"
          rowKey={(failure) => `${failure.row}:${failure.field ?? ''}`}
          dataSource={result.failed}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { dataIndex: 'row', title: t('users.import.row') },
            { dataIndex: 'field', title: t('users.import.field'), render: (field: string | null) => field ?? '' },
            { dataIndex: 'message', title: t('users.import.message') },
          ]}
        />
      )}
    </Space>
  );
}
