import { contribute } from '@atrium/kernel';
import { BuiltinDictionariesSpi, defineDictionary } from './api';

/**
 * General code lists no one module owns, for forms and generated modules: yes/no (the values a
 * boolean column shows as text, `true` and `false`), the common enabled/disabled status (the
 * `active` and `disabled` every built-in module stores) and gender (no built-in record stores
 * one; a generated module's column may name it).
 */
export const commonDictionaries = contribute(BuiltinDictionariesSpi, () => ({
  dictionaries: [
    defineDictionary({
      code: 'sys_yes_no',
      name: { en: 'Yes or no', zh: '是否' },
      items: [
        { value: 'true', labels: { en: 'Yes', zh: '是' } },
        { value: 'false', labels: { en: 'No', zh: '否' } },
      ],
    }),
    defineDictionary({
      code: 'sys_normal_disable',
      name: { en: 'Status', zh: '状态' },
      items: [
        { value: 'active', labels: { en: 'Enabled', zh: '启用' }, isDefault: true },
        { value: 'disabled', labels: { en: 'Disabled', zh: '停用' } },
      ],
    }),
    defineDictionary({
      code: 'sys_user_gender',
      name: { en: 'Gender', zh: '性别' },
      items: [
        { value: 'male', labels: { en: 'Male', zh: '男' } },
        { value: 'female', labels: { en: 'Female', zh: '女' } },
        { value: 'unknown', labels: { en: 'Unknown', zh: '未知' }, isDefault: true },
      ],
    }),
  ],
}));
