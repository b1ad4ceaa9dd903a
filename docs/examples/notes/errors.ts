import { defineErrors } from '@atrium/kernel';

/**
 * The module's own catalogued errors: `{PREFIX}_{REASON}_{HTTP}`, the prefix being the module's
 * id so no other module can claim the code. Not found and stale versions use the kernel's
 * SYSTEM_RESOURCE_NOT_FOUND_404 and SYSTEM_VERSION_CONFLICT_409, as every module does.
 */
export const NotesErrors = defineErrors({
  NOTES_TITLE_TAKEN_409: {
    en: 'Another note already has this title.',
    zh: '已有其他笔记使用此标题。',
  },
});
