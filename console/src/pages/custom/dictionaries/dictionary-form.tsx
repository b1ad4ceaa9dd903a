import { useTranslation } from '@refinedev/core';
import { Form, Input } from 'antd';
import { FormModal, RemarkItem, useRules } from '../../form-modal';
import { StatusItem } from '../../status';
import type { Dictionary } from './dictionary';

/**
 * Create or edit a dictionary (a type: its code, name, status; a built-in's status only). The code of a platform
 * dictionary, given to a tenant's own, replaces the platform's in that tenant, items and all:
 * the code's hint says so.
 */
export function DictionaryForm({ dictionary, onClose }: { dictionary?: Dictionary; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  // A built-in's code and name are its module's (the API refuses a change): shown, not edited.
  const builtin = dictionary?.builtin === true;
  return (
    <FormModal
      resource="dictionaries"
      name="dictionary"
      id={dictionary?.id}
      title={t(dictionary ? 'dictionaries.editTitle' : 'dictionaries.createTitle')}
      defaults={{ status: 'active' }}
      onClose={onClose}
    >
      <Form.Item
        name="code"
        label={t('dictionaries.code')}
        extra={t(builtin ? 'dictionaries.builtinHint' : 'dictionaries.codeHint')}
        rules={[rules.required, rules.max(100)]}
      >
        <Input autoComplete="off" disabled={builtin} />
      </Form.Item>
      <Form.Item name="name" label={t('dictionaries.name')} rules={[rules.required, rules.max(100)]}>
        <Input disabled={builtin} />
      </Form.Item>
      <StatusItem />
      <RemarkItem />
    </FormModal>
  );
}
