import { useTranslation } from '@refinedev/core';
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldSpec } from '../catalog/schema';
import { DictionarySelect } from './dictionary-field';

/** What Form.Item hands its child: the control's id, value and change handler. */
type Bound = Record<string, unknown>;

/** The control for a field of the given kind, passing on what Form.Item binds to it. */
export function FieldControl({ field, allowClear = false, ...bound }: { field: FieldSpec; allowClear?: boolean } & Bound) {
  switch (field.kind) {
    case 'enum':
      return (
        <Select
          {...bound}
          style={{ minWidth: 120 }}
          allowClear={allowClear || !field.required}
          options={field.options?.map((value) => ({ value, label: value }))}
        />
      );
    case 'dictionary':
      return <DictionarySelect {...bound} code={field.dictionary!} allowClear={allowClear || !field.required} />;
    case 'boolean':
      return <Switch {...bound} />;
    case 'integer':
    case 'number':
      return <InputNumber {...bound} min={field.minimum} max={field.maximum} precision={field.kind === 'integer' ? 0 : undefined} style={{ width: '100%' }} />;
    case 'password':
      return <Input.Password {...bound} autoComplete="new-password" />;
    case 'text':
      return <Input.TextArea {...bound} autoSize={{ minRows: 2, maxRows: 8 }} />;
    case 'tags':
      return <Select {...bound} mode="tags" />;
    case 'datetime':
      return <DatePicker {...bound} showTime allowClear={allowClear || !field.required} style={{ width: '100%' }} />;
    default:
      return <Input {...bound} allowClear={allowClear} />;
  }
}

/**
 * A form item with the schema's checks the browser can make at once (required, lengths); the
 * rest (patterns, uniqueness, references) is the API's, whose messages land under the field.
 */
export function SchemaFormItem({ field }: { field: FieldSpec }) {
  const { translate: t } = useTranslation();
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: t('login.required') });
  if (field.maxLength !== undefined) rules.push({ max: field.maxLength, message: t('form.tooLong', { max: field.maxLength }) });
  if (field.minLength !== undefined && field.minLength > 1) rules.push({ min: field.minLength, message: t('form.tooShort', { min: field.minLength }) });
  return (
    <Form.Item
      name={field.name}
      label={field.name}
      rules={rules}
      extra={field.description}
      valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
      {...(field.kind === 'datetime' ? DATE_TIME_VALUE : {})}
    >
      <FieldControl field={field} />
    </Form.Item>
  );
}

/**
 * A date-time field's Form.Item: the API's ISO 8601 string shown in the picker, and the picked
 * moment sent back as an ISO string (UTC); cleared, null.
 */
export const DATE_TIME_VALUE = {
  getValueProps: (value?: string | null) => ({ value: value ? dayjs(value) : null }),
  normalize: (value?: Dayjs | null) => (value ? value.toISOString() : null),
};

/** Fields a person types in: the kinds the console knows how to edit. */
export function editable(field: FieldSpec): boolean {
  return field.kind !== 'other';
}
