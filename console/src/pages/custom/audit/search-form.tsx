import { useTranslation } from '@refinedev/core';
import { Button, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's filters in a row above its table, for lists whose filters are their own (no keyword):
 * the fields given, then Search, which sends them as the list's query parameters. Named, as
 * FilterForm is: its fields' ids stay apart from a dialog's form on the same page.
 */
export function SearchForm({ searchFormProps, name, children }: { searchFormProps: FormProps; name: string; children: ReactNode }) {
  const { translate: t } = useTranslation();
  return (
    <Form {...searchFormProps} name={name} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
      {children}
      <Button htmlType="submit">{t('list.search')}</Button>
    </Form>
  );
}
