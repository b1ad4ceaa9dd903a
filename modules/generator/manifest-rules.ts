import { AppError, compileValueValidator, type ErrorDetail, type TSchema, type Validator } from '@atrium/kernel';
import type { TableConfig } from './table-config';

let cached: { text: string; validate: Validator } | undefined;

/**
 * The configuration's names held to the manifest schema itself (the module id, the generation
 * object's fields, a menu path, a permission code), so the generator cannot accept what the
 * kernel would refuse to load, nor drift from the published schema.
 */
export function manifestProblems(config: TableConfig, schemaText: string): ErrorDetail[] {
  if (cached?.text !== schemaText) cached = { text: schemaText, validate: compileValidator(schemaText) };
  try {
    cached.validate({
      moduleId: config.moduleId,
      moduleName: config.moduleName,
      templateId: config.templateId,
      templateVersion: config.templateVersion,
      className: config.className,
      resourcePath: config.resourcePath,
      // Every permission the module declares is the prefix and an action.
      permissionPrefix: `${config.permissionPrefix}:list`,
    });
    return [];
  } catch (error) {
    if (error instanceof AppError) return error.details ?? [];
    throw error;
  }
}

function compileValidator(schemaText: string): Validator {
  const manifest = JSON.parse(schemaText) as { $defs: Record<string, { properties?: Record<string, unknown> }> };
  const generation = '#/$defs/generation/properties';
  const schema = {
    type: 'object',
    properties: {
      moduleId: { $ref: '#/$defs/moduleId' },
      moduleName: { $ref: '#/$defs/menu/properties/title' },
      templateId: { $ref: `${generation}/templateId` },
      templateVersion: { $ref: `${generation}/templateVersion` },
      className: { $ref: `${generation}/className` },
      resourcePath: { allOf: [{ $ref: `${generation}/resourcePath` }, { $ref: '#/$defs/menu/properties/path' }] },
      permissionPrefix: { $ref: '#/$defs/permissionCode' },
    },
    $defs: manifest.$defs,
  };
  return compileValueValidator(schema as unknown as TSchema, '/body');
}
