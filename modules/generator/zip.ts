import { strToU8, zipSync, type Zippable } from 'fflate';
import type { GeneratedFile } from './templates/generation-plan';

/** The files as a zip holding one folder, `<folder>/…`, as the generated-modules folder would. */
export function zipFiles(folder: string, files: readonly GeneratedFile[], modified: Date): Buffer {
  const entries: Zippable = {};
  for (const file of files) entries[`${folder}/${file.path}`] = [strToU8(file.content), { mtime: modified }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}
