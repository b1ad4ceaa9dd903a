import { KernelErrors, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { GeneratorErrors } from './errors';
import { GeneratedSchema, IdParams, PreviewSchema } from './generator.schemas';

/**
 * Loaded on first use, with its templates' renderers and the zip writer: most servers boot many
 * times for each generation, and each boot would load them for nothing.
 */
function generation(ctx: ModuleContext) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const { GenerationService } = require('./generation.service') as typeof import('./generation.service');
  return new GenerationService(ctx);
}

/** What every rendering can refuse: the table or its configuration no longer make a module. */
const RENDER_ERRORS = [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404, GeneratorErrors.GENERATOR_TABLE_NOT_FOUND_404, GeneratorErrors.GENERATOR_TABLE_CHANGED_409];

export const previewTable = defineRoute({
  method: 'GET',
  path: '/generator/tables/{id}/preview',
  permission: 'generator:table:preview',
  summary: 'Every file the generation would write, with its content',
  description: 'Every file with its path and content, rendered by the configured template without writing anything.',
  params: IdParams,
  response: PreviewSchema,
  errors: RENDER_ERRORS,
  handler: ({ params }, ctx) => generation(ctx).preview(params.id),
});

export const downloadTable = defineRoute({
  method: 'GET',
  path: '/generator/tables/{id}/download',
  permission: 'generator:table:preview',
  summary: 'The files of the generation as a zip holding the module folder',
  description:
    'A zip of the module folder exactly as generation would write it, to review or to commit to a repository. 409 GENERATOR_TABLE_CHANGED_409 when the table changed since it was read: sync it first.',
  params: IdParams,
  raw: { contentType: 'application/zip' },
  response: Type.String({ contentEncoding: 'binary' }),
  errors: RENDER_ERRORS,
  handler: ({ params }, ctx) => generation(ctx).download(params.id),
});

export const generateModule = defineRoute({
  method: 'POST',
  path: '/generator/tables/{id}/generate',
  permission: 'generator:table:generate',
  summary: 'Writes the module into the generated-modules folder and loads it live; a regeneration replaces it in place',
  description:
    'Writes the module folder (manifest with `generation`, entity, schemas, routes, permissions, menus) and loads it without a restart: its endpoints answer and join /v3/api-docs at once, on every instance. 409 when the table changed since it was read, when another module has the id, or when the kernel refuses the module (GENERATOR_MODULE_REFUSED_409 with its reasons).',
  params: IdParams,
  response: GeneratedSchema,
  errors: [...RENDER_ERRORS, GeneratorErrors.GENERATOR_MODULE_EXISTS_409, GeneratorErrors.GENERATOR_MODULE_REFUSED_409],
  handler: ({ params }, ctx) => generation(ctx).generate(params.id),
});
