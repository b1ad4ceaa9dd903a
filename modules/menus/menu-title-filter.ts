import { LANGUAGES, Type, escapeLike, filterBy, type ResourceFilter } from '@atrium/kernel';

/**
 * The list's `keyword`: part of the title as stored or of any of its translations, whatever the
 * case, so that an administrator finds 用户管理 by typing 用户 as well as by "user". The title has
 * its trigram index (0002-list-indexes); the translations are read from the row, which is cheap at
 * the size a menu table has.
 */
const byTitleOrTranslation = filterBy(
  Type.String({ maxLength: 100, description: 'Part of the title, as stored or in any language it is translated into.' }),
  (value) => {
    const pattern = `%${escapeLike(String(value))}%`;
    return { $or: [{ title: { $ilike: pattern } }, ...LANGUAGES.map((language) => ({ titles: { [language]: { $ilike: pattern } } }))] };
  },
);

export const titleContains: ResourceFilter = { ...byTitleOrTranslation, index: { kind: 'trigram', properties: ['title'] } };
