import type { GeneratedFile } from '../generation-plan';
import type { CrudModel } from './model';
import { fileText } from './source';

/** `errors.ts`, when the table has unique indexes: the conflict a taken value answers. */
export function errorsFile(model: CrudModel): GeneratedFile {
  const { names } = model;
  return {
    path: 'errors.ts',
    content: fileText([
      `import { defineErrors } from '@atrium/kernel';`,
      '',
      '/** A unique index refused the write; not found and stale versions are the kernel\'s codes. */',
      `export const ${names.errors} = defineErrors({`,
      `  ${names.duplicatedError}: {`,
      `    en: 'Another ${names.type} record already has this value.',`,
      `    zh: '已有其他${names.type}记录使用此值。',`,
      '  },',
      '});',
    ]),
  };
}
