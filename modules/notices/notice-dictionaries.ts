import { contribute } from '@atrium/kernel';
import { BuiltinDictionariesSpi, defineDictionary } from '@atrium/module/dictionaries';
import { NOTICE_STATUSES, NOTICE_TYPES } from './notice.entity';

type Labels = { en: string; zh: string };

/** One label per stored value: the compiler holds these to the entity's lists. */
const TYPE_LABELS: Record<(typeof NOTICE_TYPES)[number], Labels> = {
  notice: { en: 'Notice', zh: '通知' },
  announcement: { en: 'Announcement', zh: '公告' },
};
const STATUS_LABELS: Record<(typeof NOTICE_STATUSES)[number], Labels> = {
  draft: { en: 'Draft', zh: '草稿' },
  published: { en: 'Published', zh: '已发布' },
  withdrawn: { en: 'Withdrawn', zh: '已撤回' },
};

/** `notice_type` and `notice_status`: the code lists of a notice's `type` and `status`. */
export const noticeDictionaries = contribute(BuiltinDictionariesSpi, () => ({
  dictionaries: [
    defineDictionary({
      code: 'notice_type',
      name: { en: 'Notice type', zh: '通知类型' },
      items: NOTICE_TYPES.map((value) => ({ value, labels: TYPE_LABELS[value], isDefault: value === 'notice' })),
    }),
    defineDictionary({
      code: 'notice_status',
      name: { en: 'Notice status', zh: '通知状态' },
      items: NOTICE_STATUSES.map((value) => ({ value, labels: STATUS_LABELS[value] })),
    }),
  ],
}));
