import { Type } from '@sinclair/typebox';
import { named } from '../http/schema-name';

/** What an export route answers instead of the file when a task makes it: the task, in the catalog by its fields that matter. */
export const ExportTaskSchema = named(
  'ExportTask',
  Type.Object(
    {
      id: Type.String({ format: 'uuid', description: 'Follow it with GET /tasks/{id} (or the `task.updated` event of GET /me/events).' }),
      type: Type.String({ description: 'The task type making the file (`assets.export`).' }),
      state: Type.String({ description: 'queued, then running with progress, then succeeded with the file in `result`, or failed.' }),
    },
    {
      additionalProperties: true,
      description:
        'The task making the file, as GET /tasks/{id} shows it. Once it has succeeded its `result` holds the file: `{ assetId, fileName, rows, size, url, expiresAt }`, `url` a signed link to download it without a token.',
    },
  ),
);

/** The description of an export's 201, for the catalog. */
export const EXPORT_TASK_ANSWER =
  'More rows than the background-export threshold select (a param of the module contributing `kernel.export-background`): the file is made by a task, answered here.';
