import { defineErrors } from '@atrium/kernel';

/** The posts' own conflict; not found and stale versions are the kernel's codes. */
export const PostErrors = defineErrors({
  SYSTEM_POST_DUPLICATED_409: {
    en: 'Another post already has this code.',
    zh: '已有其他岗位使用此编码。',
  },
});
