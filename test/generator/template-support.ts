/** Plans built by hand, and generated modules written where a kernel can load them. */
import fs from 'node:fs';
import path from 'node:path';
import type { GeneratedFile, GenerationPlan, PlannedColumn } from '../../modules/generator/templates/generation-plan';

/** A column of a plan: a text field shown in the list, unless `fields` say otherwise. */
export function column(columnName: string, property: string, fields: Partial<PlannedColumn> = {}): PlannedColumn {
  return {
    columnName,
    property,
    dbType: 'text',
    nullable: false,
    hasDefault: false,
    readOnly: false,
    length: null,
    precision: null,
    scale: null,
    role: 'field',
    comment: null,
    label: property,
    tsType: 'string',
    list: true,
    query: false,
    queryOp: 'eq',
    form: true,
    required: true,
    dictCode: null,
    ...fields,
  };
}

/** The columns every versioned table of these tests has: a UUID id, version and timestamps. */
export function standardColumns(): { id: PlannedColumn; version: PlannedColumn; createdAt: PlannedColumn; updatedAt: PlannedColumn } {
  const managed = { form: false, required: false, hasDefault: true };
  return {
    id: column('id', 'id', { dbType: 'uuid', role: 'id', ...managed, hasDefault: false }),
    version: column('version', 'version', { dbType: 'int4', tsType: 'number', role: 'version', list: false, ...managed }),
    createdAt: column('created_at', 'createdAt', { dbType: 'timestamptz', role: 'createdAt', ...managed }),
    updatedAt: column('updated_at', 'updatedAt', { dbType: 'timestamptz', role: 'updatedAt', ...managed }),
  };
}

export function plan(
  fields: Partial<GenerationPlan> & Pick<GenerationPlan, 'sourceTable' | 'moduleId' | 'className' | 'resourcePath' | 'permissionPrefix' | 'columns'>,
): GenerationPlan {
  return {
    templateId: 'crud',
    templateVersion: '3.0.0',
    moduleName: fields.moduleId,
    tenantOwned: false,
    uniqueConstraints: [],
    foreignKeys: [],
    referenced: false,
    ...fields,
  };
}

/** Writes the files into `<root>/<moduleId>/`, the folder the generator writes, and returns it. */
export function writeModule(root: string, moduleId: string, files: readonly GeneratedFile[]): string {
  const dir = path.join(root, moduleId);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(dir, file.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
  }
  return dir;
}

/** A PostgreSQL identifier, quoted. */
export function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
