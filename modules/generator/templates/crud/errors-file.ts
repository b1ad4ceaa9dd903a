import type { GeneratedFile } from '../generation-plan';
import type { CrudModel } from './model';
import { fileText } from './source';

/**
 * `errors.ts`, when the module has conflicts of its own: a value another record holds (a unique
 * index, a key the caller chose), a record other tables still refer to.
 */
export function errorsFile(model: CrudModel): GeneratedFile {
  const { names } = model;
  return {
    path: 'errors.ts',
    content: fileText([
      `import { defineErrors } from '@atrium/kernel';`,
      '',
      "/** The database refused the write; not found and stale versions are the kernel's codes. */",
      `export const ${names.errors} = defineErrors({`,
      ...(model.conflicts
        ? [
            `  ${names.duplicatedError}: {`,
            `    en: 'Another ${names.type} record already has this value.',`,
            `    zh: '已有其他${names.type}记录使用此值。',`,
            '  },',
          ]
        : []),
      ...(model.inUse
        ? [
            `  ${names.inUseError}: {`,
            `    en: 'Other records still refer to this ${names.type} record.',`,
            `    zh: '仍有其他记录引用此${names.type}记录。',`,
            '  },',
          ]
        : []),
      '});',
    ]),
  };
}
