import { contribute } from '@atrium/kernel';
import { BuiltinDictionariesSpi, defineDictionary } from '@atrium/module/dictionaries';
import { USER_STATUSES } from './user.schemas';

/** The labels of the statuses a user row stores, one per status (the compiler holds it to the list). */
const STATUS_LABELS: Record<(typeof USER_STATUSES)[number], { en: string; zh: string }> = {
  active: { en: 'Enabled', zh: '启用' },
  disabled: { en: 'Disabled', zh: '停用' },
};

/**
 * `sys_user_status`: the code list of a user's `status`, which forms and exports label through
 * the dictionaries module. A user has no gender field; `sys_user_gender` is the dictionaries
 * module's own general list (its README).
 */
export const userDictionaries = contribute(BuiltinDictionariesSpi, () => ({
  dictionaries: [
    defineDictionary({
      code: 'sys_user_status',
      name: { en: 'User status', zh: '用户状态' },
      items: USER_STATUSES.map((value) => ({ value, labels: STATUS_LABELS[value], isDefault: value === 'active' })),
    }),
  ],
}));
