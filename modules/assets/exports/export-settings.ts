import { defineParam } from '@atrium/module/params';

/** Past this many rows an export is made by the `assets.export` task; 0 makes every export during its request. */
export const BACKGROUND_ROWS = defineParam({
  key: 'assets.export.backgroundRows',
  name: 'Rows past which an export is made in the background',
  type: 'integer',
  default: 100_000,
  min: 0,
  max: 2 ** 31 - 1,
  description:
    'An export (GET …/export) whose filters select more rows than this answers 201 with the assets.export task making the file, which is kept as an asset of the caller with a signed link in the task’s result. 0: every export is streamed during its request, however large.',
});
