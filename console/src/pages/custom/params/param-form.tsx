import { useTranslation } from '@refinedev/core';
import { Form, Input } from 'antd';
import { FormModal, RemarkItem, useRules } from '../../form-modal';
import type { Param } from './param';

/**
 * Create a param, or edit one: its value above all. A built-in param's key and name are its
 * module's (the API refuses a change), so they are shown, not fields of the form; its value must fit the
 * module's definition, else the API's message lands under the value.
 */
export function ParamForm({ param, onClose }: { param?: Param; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  return (
    <FormModal resource="params" name="param" id={param?.id} title={t(param ? 'params.editTitle' : 'params.createTitle')} onClose={onClose}>
      {param?.builtin ? (
        <>
          <Form.Item label={t('params.key')} htmlFor="param_builtinKey">
            <Input id="param_builtinKey" disabled value={param.key} />
          </Form.Item>
          <Form.Item label={t('params.name')} htmlFor="param_builtinName">
            <Input id="param_builtinName" disabled value={param.name} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="key" label={t('params.key')} extra={t('params.keyHint')} rules={[rules.required, rules.max(100)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={t('params.name')} rules={[rules.required, rules.max(100)]}>
            <Input />
          </Form.Item>
        </>
      )}
      <Form.Item name="value" label={t('params.value')} rules={[rules.max(2000)]}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 8 }} />
      </Form.Item>
      <RemarkItem />
    </FormModal>
  );
}
