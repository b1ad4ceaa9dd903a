import { useCustom, useTranslation } from '@refinedev/core';
import { Form, Select } from 'antd';
import type { TaskType } from './task';

/** The task types the enabled modules registered (GET /tasks/types); empty until they arrive. */
export function useTaskTypes(): TaskType[] {
  const { query, result } = useCustom<{ items: TaskType[] }>({ url: '/tasks/types', method: 'get' });
  return query.isSuccess ? result.data.items : [];
}

/** The form's required `type`, picked among `types` by title or code; `onChange` as another type is picked (its payload starts afresh). */
export function TaskTypeItem({ types, onChange }: { types: TaskType[]; onChange: () => void }) {
  const { translate: t } = useTranslation();
  return (
    <Form.Item name="type" label={t('tasks.type')} rules={[{ required: true, message: t('login.required') }]}>
      <Select
        showSearch
        optionFilterProp="label"
        onChange={onChange}
        options={types.map((candidate) => ({ value: candidate.type, label: `${candidate.title} (${candidate.type})` }))}
      />
    </Form.Item>
  );
}
