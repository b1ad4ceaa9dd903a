import { defineErrors } from '@atrium/kernel';

/** The notices' own refusals; not found, stale versions and bad fields are the kernel's codes. */
export const NoticeErrors = defineErrors({
  NOTICES_STATE_CONFLICT_409: {
    en: 'The notice is not in a state that allows this: only a draft or a withdrawn notice is edited or published, and only a published one withdrawn.',
    zh: '公告当前状态不允许此操作：只有草稿或已撤回的公告可编辑或发布，只有已发布的公告可撤回。',
  },
});
