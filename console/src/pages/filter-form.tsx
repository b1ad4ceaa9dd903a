import { useTranslation } from '@refinedev/core';
import { Button, Form, Input, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { StatusSelect } from './status';

/**
 * A list's filters above its table: the keyword (part of what the list says it searches) and,
 * unless the page gives its own, the status; Search sends them as the list's query parameters.
 */
export function FilterForm({ searchFormProps, name, children }: { searchFormProps: FormProps; name: string; children?: ReactNode }) {
  const { translate: t } = useTranslation();
  return (
    // Named: the ids of its fields stay apart from a dialog's form on the same page.
    <Form {...searchFormProps} name={name} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="keyword" label={t('fields.keyword')}>
        <Input allowClear />
      </Form.Item>
      {children ?? (
        <Form.Item name="status" label={t('fields.status')}>
          <StatusSelect allowClear />
        </Form.Item>
      )}
      <Button htmlType="submit">{t('list.search')}</Button>
    </Form>
  );
}
