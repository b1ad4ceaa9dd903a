import { defineErrors } from '@atrium/kernel';

/** The generator's own refusals; validation, not found and stale versions are the kernel's. */
export const GeneratorErrors = defineErrors({
  GENERATOR_TABLE_NOT_FOUND_404: {
    en: 'No table of that name that a module could be generated from: it does not exist, or a module owns it.',
    zh: '没有可用于生成模块的同名数据表：它不存在，或已属于某个模块。',
  },
  GENERATOR_TABLE_IMPORTED_409: {
    en: 'This table is already imported.',
    zh: '该数据表已导入。',
  },
  GENERATOR_TABLE_UNSUPPORTED_400: {
    en: 'A module cannot be generated from this table.',
    zh: '无法从该数据表生成模块。',
  },
  GENERATOR_TABLE_CHANGED_409: {
    en: 'The table changed since it was imported: sync it, check the configuration, then generate.',
    zh: '数据表在导入后已变更：请先同步并检查配置，再生成。',
  },
  GENERATOR_MODULE_EXISTS_409: {
    en: 'A module with this id exists and was not generated from this table.',
    zh: '已存在同 ID 的模块，且并非由该数据表生成。',
  },
  GENERATOR_CLASS_NAME_CHANGED_409: {
    en: 'The module generated from this table is running under another class name, which cannot change while it runs.',
    zh: '由该数据表生成的模块正以另一个类名运行，运行期间不能更改类名。',
  },
  GENERATOR_TABLE_OWNED_409: {
    en: 'A module generated from this table earlier, under another id, still owns it.',
    zh: '此前以另一个 ID 由该数据表生成的模块仍拥有该表。',
  },
  GENERATOR_MODULE_REFUSED_409: {
    en: 'The kernel refused the generated module: it clashes with a running module.',
    zh: '内核拒绝加载生成的模块：它与运行中的模块冲突。',
  },
});
