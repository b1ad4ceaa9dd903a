import { CanAccess, useDataProvider, useTranslation, type CrudFilter, type CrudSort } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';

export interface ExportButtonProps {
  /** The collection (`posts`, `users`): the file comes from `<resource>/export`. */
  resource: string;
  /** The export's permission, which shows the button. */
  permission?: string;
  /** The list's filters and sort as they stand: the file holds what the table shows, every page. */
  filters: CrudFilter[];
  sorters: CrudSort[];
}

/**
 * Export as xlsx or CSV, for whoever holds the export's permission. The API wants the bearer token,
 * which a plain link cannot send: the file is fetched, then handed to the browser as a download
 * from an object URL. A refused export is the data provider's notification, as any failed call.
 */
export function ExportButton({ resource, permission, filters, sorters }: ExportButtonProps) {
  const { translate: t } = useTranslation();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('the data provider has no custom call');
      const { data } = await custom<Blob>({
        url: `/${resource}/export`,
        method: 'get',
        filters,
        sorters,
        query: { format },
        meta: { blob: true },
      });
      saveAs(data, `${resource.split('/').join('-')}-${new Date().toISOString().slice(0, 10)}.${format}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <CanAccess resource={resource} action="export" params={{ permission }}>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'xlsx', label: t('list.exportXlsx') },
            { key: 'csv', label: t('list.exportCsv') },
          ],
          onClick: ({ key }) => void download(key as 'xlsx' | 'csv').catch(() => undefined),
        }}
      >
        <Button loading={busy}>{t('list.export')}</Button>
      </Dropdown>
    </CanAccess>
  );
}

/** Hands a file to the browser as a download. */
export function saveAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the file over: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
