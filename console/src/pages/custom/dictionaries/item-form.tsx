import { useTranslation } from '@refinedev/core';
import { Form, Input, InputNumber, Switch } from 'antd';
import { FormModal, RemarkItem, useRules } from '../../form-modal';
import { StatusItem } from '../../status';
import { itemsOf, type Dictionary, type DictionaryItem } from './dictionary';

/** A blank label per language is not sent: the API takes only labels with text. */
const emptyAsUnset = (value: string | undefined) => (value?.trim() ? value : undefined);

/** Create or edit an item of a dictionary: its label (and one per language), its value (unique in the dictionary), its place in the order, its status. */
export function ItemForm({ dictionary, item, onClose }: { dictionary: Dictionary; item?: DictionaryItem; onClose: () => void }) {
  const { translate: t } = useTranslation();
  const rules = useRules();
  return (
    <FormModal
      resource={itemsOf(dictionary)}
      name="item"
      id={item?.id}
      title={t(item ? 'dictionaries.editItemTitle' : 'dictionaries.createItemTitle', { name: dictionary.name })}
      defaults={{ sort: 0, status: 'active', isDefault: false, labels: {} }}
      onClose={onClose}
    >
      <Form.Item name="label" label={t('dictionaries.label')} rules={[rules.required, rules.max(100)]}>
        <Input />
      </Form.Item>
      {/* The label per language: an empty one is left out, and the label above shows in that language. */}
      <Form.Item name={['labels', 'en']} label={t('dictionaries.labelEn')} rules={[rules.max(100)]} normalize={emptyAsUnset}>
        <Input />
      </Form.Item>
      <Form.Item
        name={['labels', 'zh']}
        label={t('dictionaries.labelZh')}
        extra={t('dictionaries.labelsHint')}
        rules={[rules.max(100)]}
        normalize={emptyAsUnset}
      >
        <Input />
      </Form.Item>
      <Form.Item name="value" label={t('dictionaries.value')} extra={t('dictionaries.valueHint')} rules={[rules.required, rules.max(100)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="sort" label={t('dictionaries.sort')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <StatusItem />
      <Form.Item name="isDefault" label={t('dictionaries.isDefault')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <RemarkItem />
    </FormModal>
  );
}
