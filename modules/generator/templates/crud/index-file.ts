import type { GeneratedFile } from '../generation-plan';
import type { CrudModel } from './model';
import { fileText, localImports } from './source';

/** `index.ts`: wiring only. */
export function indexFile(model: CrudModel): GeneratedFile {
  const { names } = model;
  return {
    path: 'index.ts',
    content: fileText([
      `import { defineModule } from '@atrium/kernel';`,
      ...localImports([model.ownErrors && { from: 'errors.ts', values: [names.errors] }, { from: model.files.resource, values: [names.resource] }]),
      '',
      '/** Wiring only: what the module has, each piece declared in its own file. */',
      'export default defineModule({',
      model.ownErrors && `  errors: ${names.errors},`,
      `  entities: [${names.resource}.entity],`,
      `  routes: ${names.resource}.routes,`,
      '});',
    ]),
  };
}
