import { useTranslation, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { DatePicker, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { auditFilters } from './audit-search';
import { SearchForm } from './search-form';

/** A log's page of rows, newest first, its filter form's values sent as auditFilters makes them. */
export function useAuditTable<T extends BaseRecord>(resource: string) {
  return useTable<T, HttpError, Record<string, unknown>>({
    resource,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'at', order: 'desc' }] },
    syncWithLocation: false,
    onSearch: auditFilters,
  });
}

/** A log's filter form: the fields given, then the time range. */
export function AuditSearch({ searchFormProps, children }: { searchFormProps: FormProps; children: ReactNode }) {
  const { translate: t } = useTranslation();
  return (
    <SearchForm searchFormProps={searchFormProps} name="auditFilters">
      {children}
      <Form.Item name="at" label={t('audit.time')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
    </SearchForm>
  );
}
