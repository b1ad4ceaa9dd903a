import { createHash } from 'node:crypto';
import type { GeneratedFile } from '../generation-plan';
import { tsString } from '../emit';
import type { CrudModel } from './model';
import { fileText } from './source';

/**
 * The migration's name, or none when the list reads no column that needs an index. Named after
 * its indexes: a generation that changes them has a migration the database has not run, which
 * drops the list indexes the earlier one made and no longer needs, and creates the new ones.
 */
export function migrationName(model: CrudModel): string | undefined {
  const { btree, trigram } = model.indexes;
  if (btree.length + trigram.length === 0) return undefined;
  const digest = createHash('sha256')
    .update(JSON.stringify([model.plan.sourceTable, btree, trigram]))
    .digest('hex');
  return `0001-list-indexes-${digest.slice(0, 12)}`;
}

/** `migrations/<name>.ts`: the indexes of the list's sort fields and filters, on the table the module serves. */
export function migrationFile(model: CrudModel, name: string): GeneratedFile {
  const { btree, trigram } = model.indexes;
  const list = (columns: string[]) => `[${columns.map(tsString).join(', ')}]`;
  return {
    path: `migrations/${name}.ts`,
    content: fileText([
      `import { ListIndexesMigration } from '@atrium/kernel';`,
      '',
      '/** Btree indexes for the sort fields and filters, trigram indexes for the contains filters (README.md, "Data"). */',
      `export default class ${model.names.type}ListIndexes extends ListIndexesMigration {`,
      `  protected readonly table = ${tsString(model.plan.sourceTable)};`,
      `  protected readonly btree = ${list(btree)};`,
      `  protected readonly trigram = ${list(trigram)};`,
      '}',
    ]),
  };
}
