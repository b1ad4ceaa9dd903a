import { useTranslation } from '@refinedev/core';
import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { FormModal, useRules } from '../../form-modal';
import type { Department, DepartmentNode } from './department-tree';

/** What the form is open for: a new department under `parentId` (null: a root), or an existing one. */
export type Editing = { parentId: string | null; department?: undefined } | { department: Department; parentId?: undefined };

/**
 * Create or edit a department in a dialog (FormModal): an edit sends the `version` it read, a
 * 409 (a sibling's name, a stale version, a move under its own descendant) is a notification
 * with the API's message, and a field's message lands under it.
 */
export function DepartmentForm({ editing, nodes, onClose }: { editing: Editing; nodes: DepartmentNode[]; onClose: (saved: boolean) => void }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  const department = editing.department;
  return (
    <FormModal
      resource="departments"
      id={department?.id}
      name="department"
      title={t(department ? 'departments.editTitle' : 'departments.createTitle')}
      defaults={{ ...(editing.parentId ? { parentId: editing.parentId } : {}), sort: 0, status: 'active' }}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('departments.name')} rules={[rules.required, rules.max(100)]}>
        <Input />
      </Form.Item>
      {/* Cleared: null, a move to the roots (left out, it would change nothing). */}
      <Form.Item name="parentId" label={t('departments.parent')} normalize={(value?: string) => value ?? null}>
        <TreeSelect treeData={nodes} allowClear treeDefaultExpandAll placeholder={t('departments.root')} />
      </Form.Item>
      <Form.Item name="sort" label={t('departments.sort')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('departments.status')}>
        <Select options={(['active', 'disabled'] as const).map((value) => ({ value, label: t(`users.status.${value}`) }))} />
      </Form.Item>
    </FormModal>
  );
}
