import { defineEntity, resourceColumns, type InferEntity } from '@atrium/kernel';
import type { ConfiguredColumn, ForeignKey, Reference, UniqueConstraint } from './table-config';

/** An imported table and its configuration (migrations/0001-create-generator-tables.ts). */
export const GeneratorTableEntity = defineEntity({
  name: 'GeneratorTable',
  tableName: 'generator_table',
  properties: (p) => ({
    ...resourceColumns(p),
    tableName: p.string().length(128),
    tableComment: p.text().nullable(),
    templateId: p.string().length(64),
    templateVersion: p.string().length(64),
    moduleId: p.string().length(128),
    moduleName: p.string().length(64),
    className: p.string().length(128),
    resourcePath: p.string().length(256),
    permissionPrefix: p.string().length(200),
    tenantOwned: p.boolean(),
    columns: p.json<ConfiguredColumn[]>(),
    uniqueConstraints: p.json<UniqueConstraint[]>(),
    foreignKeys: p.json<ForeignKey[]>(),
    referencedBy: p.json<Reference[]>(),
    generatedAt: p.datetime().nullable(),
  }),
});

export type GeneratorTable = InferEntity<typeof GeneratorTableEntity>;
