import { CanAccess, useDataProvider, useNotification, useTranslation, type BaseRecord, type CrudFilter, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, DatePicker, Form, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
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

/** Hands the browser a file to save, under `name`. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Released once the click's download has taken the bytes.
  setTimeout(() => URL.revokeObjectURL(url));
}

/**
 * Export CSV: every row the list's filters select (`<log>/export?format=csv`, the list's
 * filters as they are), fetched with the session's token and saved as a file; hidden without the
 * export permission.
 */
export function ExportButton({ log, filters, permission }: { log: 'logins' | 'operations'; filters: CrudFilter[]; permission: string }) {
  const { translate: t } = useTranslation();
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider().custom!<Blob>({
        url: `/audit/${log}/export`,
        method: 'get',
        filters,
        query: { format: 'csv' },
        meta: { blob: true },
      });
      saveFile(data, `audit-${log}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      open?.({ type: 'error', message: t('audit.exportFailed'), description: (error as HttpError).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <CanAccess resource={`audit/${log}`} action="export" params={{ permission }}>
      <Button loading={busy} onClick={() => void download()}>
        {t('audit.exportCsv')}
      </Button>
    </CanAccess>
  );
}
