import { defineErrors } from '@atrium/kernel';

/** The dictionaries' own conflict; not found and stale versions are the kernel's codes. */
export const DictionaryErrors = defineErrors({
  SYSTEM_DICT_DUPLICATED_409: {
    en: 'Another dictionary already has this code, or another item of the dictionary this value.',
    zh: '已有其他字典使用此编码，或该字典中已有其他字典项使用此值。',
  },
});
