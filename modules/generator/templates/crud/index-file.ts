import type { GeneratedFile } from '../generation-plan';
import type { CrudModel } from './model';
import { fileText, localImports } from './source';

/** `index.ts`: wiring only. */
export function indexFile(model: CrudModel): GeneratedFile {
  const { names } = model;
  const routes = Object.values(names.routes);
  const hasErrors = model.ownErrors;
  return {
    path: 'index.ts',
    content: fileText([
      `import { defineModule } from '@atrium/kernel';`,
      ...localImports([
        hasErrors && { from: 'errors.ts', values: [names.errors] },
        { from: model.files.entity, values: [names.entity] },
        { from: model.files.routes, values: routes },
      ]),
      '',
      '/** Wiring only: what the module has, each piece declared in its own file. */',
      'export default defineModule({',
      hasErrors && `  errors: ${names.errors},`,
      `  entities: [${names.entity}],`,
      `  routes: [${routes.join(', ')}],`,
      '});',
    ]),
  };
}
