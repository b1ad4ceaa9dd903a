import { KernelErrors, Paginated, defineRoute } from '@atrium/kernel';
import { CodeParams, ItemFilterQuery, ListedItemSchema } from './dictionary.schemas';
import { ItemCache } from './item-cache';
import { unknownDictionary } from './item.resource';
import { inLanguage } from './localized';

/**
 * The list every form's drop-downs read, served from the item cache rather than the database:
 * the one operation of the items the resource kit does not serve (item.resource.ts). Each item
 * carries `displayLabel`, its label in the caller's language, beside the stored `label` and
 * `labels`: a drop-down shows the first, an edit form edits the others, so no form ever saves a
 * translation as the stored label.
 */
export const listItems = defineRoute({
  method: 'GET',
  path: '/dictionaries/{code}/items',
  // Every form's drop-downs read it: any logged-in caller may, whatever their roles.
  authenticated: true,
  summary: 'A dictionary’s items, a page at a time (by default ordered by sort, then label)',
  description:
    'Needs only a login. Served from a cache that every change of the dictionary or its items invalidates on every instance. Forms ask for `status=active` and show `displayLabel`, the label in the language `Accept-Language` asks for. Sorting by `label` sorts by that label.',
  params: CodeParams,
  query: ItemFilterQuery,
  list: { sort: { sort: 'sort', label: 'displayLabel', value: 'value', createdAt: 'createdAt' } },
  response: Paginated(ListedItemSchema),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params: { code }, query: { keyword, status }, page, language }, ctx) => {
    const dictionary = await new ItemCache(ctx).read(code);
    if (!dictionary) throw unknownDictionary(code);
    const needle = keyword?.toLowerCase();
    const matching = dictionary.items
      .filter((item) => !status || item.status === status)
      .filter((item) => !needle || [item.value, item.label, ...Object.values(item.labels)].some((text) => text.toLowerCase().includes(needle)))
      .map((item) => ({ ...item, displayLabel: inLanguage(item.labels, item.label, language) }));
    // Without a sort the cached order stands: by sort, then label.
    return page.slice(matching);
  },
});
