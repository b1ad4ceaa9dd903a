import { KernelErrors, Paginated, defineRoute } from '@atrium/kernel';
import { CodeParams, ItemFilterQuery, ItemSchema } from './dictionary.schemas';
import { ItemCache } from './item-cache';
import { unknownDictionary } from './item.resource';

/**
 * The list every form's drop-downs read, served from the item cache rather than the database:
 * the one operation of the items the resource kit does not serve (item.resource.ts).
 */
export const listItems = defineRoute({
  method: 'GET',
  path: '/dictionaries/{code}/items',
  // Every form's drop-downs read it: any logged-in caller may, whatever their roles.
  authenticated: true,
  summary: 'A dictionary’s items, a page at a time (by default ordered by sort, then label)',
  description:
    'Needs only a login. Served from a cache that every change of the dictionary or its items invalidates on every instance. Forms ask for `status=active`.',
  params: CodeParams,
  query: ItemFilterQuery,
  list: { sort: { sort: 'sort', label: 'label', value: 'value', createdAt: 'createdAt' } },
  response: Paginated(ItemSchema),
  errors: [KernelErrors.SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: async ({ params: { code }, query: { keyword, status }, page }, ctx) => {
    const dictionary = await new ItemCache(ctx).read(code);
    if (!dictionary) throw unknownDictionary(code);
    const needle = keyword?.toLowerCase();
    const matching = dictionary.items.filter(
      (item) => (!status || item.status === status) && (!needle || item.label.toLowerCase().includes(needle) || item.value.toLowerCase().includes(needle)),
    );
    // Without a sort the cached order stands: by sort, then label.
    return page.slice(matching);
  },
});
