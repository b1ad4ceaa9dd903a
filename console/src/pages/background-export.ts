import type { DataProvider } from '@refinedev/core';
import type { Task } from './custom/tasks/task';

const FINAL_STATES = new Set<Task['state']>(['succeeded', 'failed', 'cancelled']);
const POLL_MS = 2000;

/** What the console reads of an `assets.export` task's result (modules/assets/exports/export.task.ts). */
export interface ExportResult {
  fileName: string;
  /** A signed link: it needs no token, so a plain link downloads it. */
  url: string;
}

/** Whether an export's answer is the task making the file (201) rather than the file. */
export function isExportTask(answer: unknown): answer is Task {
  return !(answer instanceof Blob) && typeof answer === 'object' && answer !== null && 'state' in answer && 'id' in answer;
}

/**
 * Reads the task until it ends, telling `onProgress` how far it is; resolves with the task as it
 * ended. Polled rather than heard: the events stream may be off, and a poll every two seconds is
 * nothing beside making a file of a hundred thousand rows.
 */
export async function followTask(custom: NonNullable<DataProvider['custom']>, id: string, onProgress: (task: Task) => void): Promise<Task> {
  for (;;) {
    const { data } = await custom<Task>({ url: `/tasks/${encodeURIComponent(id)}`, method: 'get' });
    onProgress(data);
    if (FINAL_STATES.has(data.state)) return data;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Hands the file behind a signed link to the browser as a download. */
export function downloadLink(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
