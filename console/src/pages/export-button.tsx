import { CanAccess, useDataProvider, useTranslation, type CrudFilter, type CrudSort } from '@refinedev/core';
import { App, Button, Dropdown } from 'antd';
import type { Task } from './custom/tasks/task';
import { downloadLink, followTask, isExportTask, type ExportResult } from './background-export';
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
 * from an object URL. An export past the server's background threshold answers the task making
 * the file instead: it is followed, its progress shown, and its signed link downloaded when it
 * is done. A refused export is the data provider's notification, as any failed call.
 */
export function ExportButton({ resource, permission, filters, sorters }: ExportButtonProps) {
  const { translate: t } = useTranslation();
  const dataProvider = useDataProvider();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    try {
      const custom = dataProvider().custom;
      if (!custom) throw new Error('the data provider has no custom call');
      const { data } = await custom<Blob | Task>({
        url: `/${resource}/export`,
        method: 'get',
        filters,
        sorters,
        query: { format },
        meta: { blob: true },
      });
      if (!isExportTask(data)) return saveAs(data, `${resource.split('/').join('-')}-${new Date().toISOString().slice(0, 10)}.${format}`);
      const key = `export-${data.id}`;
      const progress = (task: Task) =>
        notification.info({
          key,
          message: t('list.exportQueued'),
          description: `${t('list.exportQueuedDetail')}${task.progress ? ` ${task.progress.percent}%` : ''}`,
          duration: 0,
        });
      progress(data);
      // The button is free again: the task goes on without it.
      setBusy(false);
      const ended = await followTask(custom, data.id, progress);
      if (ended.state !== 'succeeded')
        return void notification.error({ key, message: t('list.exportFailed'), description: ended.error ?? undefined, duration: 0 });
      const result = ended.result as ExportResult;
      notification.success({ key, message: t('list.exportReady'), description: result.fileName });
      downloadLink(result.url, result.fileName);
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
  downloadLink(url, name);
  // After the click has handed the file over: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
