import { defineErrors } from '@atrium/kernel';

/** The dictionaries' own conflicts; not found and stale versions are the kernel's codes. */
export const DictionaryErrors = defineErrors({
  SYSTEM_DICT_DUPLICATED_409: {
    en: 'Another dictionary already has this code, or another item of the dictionary this value.',
    zh: '已有其他字典使用此编码，或该字典中已有其他字典项使用此值。',
  },
  SYSTEM_DICT_BUILTIN_409: {
    en: 'This dictionary is built in: it cannot be deleted, its code and name come from the module that declares it, and the values that module stores cannot be changed or removed (disable an item instead).',
    zh: '此字典为内置字典：不能删除，其编码和名称由声明它的模块决定，该模块存储的值不能修改或删除（可停用字典项）。',
  },
});
