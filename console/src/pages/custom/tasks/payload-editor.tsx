import { useTranslation } from '@refinedev/core';
import { Form, Input, theme, type FormInstance } from 'antd';
import { SchemaFormItem } from '../../field-input';
import { payloadFields } from './payload';

/**
 * A payload's own form, inside the page's form (drawing no `<form>` of its own): the type's fields
 * when they can be drawn, else a JSON text area that must parse. The API checks it against the
 * type's schema, and its message names the field.
 */
export function PayloadEditor({ form, schema }: { form: FormInstance; schema: unknown }) {
  const { translate: t } = useTranslation();
  const { token } = theme.useToken();
  const fields = payloadFields(schema);
  return (
    <Form form={form} component={false} layout="vertical">
      {fields ? (
        fields.map((field) => <SchemaFormItem key={field.name} field={field} />)
      ) : (
        <Form.Item
          name="json"
          label={t('tasks.payload')}
          extra={t('tasks.payloadJson')}
          rules={[{ validator: (_, value: string | undefined) => (parses(value) ? Promise.resolve() : Promise.reject(new Error(t('tasks.payloadInvalid')))) }]}
        >
          <Input.TextArea
            aria-label={t('tasks.payload')}
            autoSize={{ minRows: 3, maxRows: 12 }}
            spellCheck={false}
            style={{ fontFamily: token.fontFamilyCode }}
          />
        </Form.Item>
      )}
    </Form>
  );
}

function parses(text: string | undefined): boolean {
  if (!text?.trim()) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
