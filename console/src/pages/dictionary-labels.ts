import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import { usePreferences } from '../preferences';

/** An item as `GET /dictionaries/{code}/items` answers it: `displayLabel` is in the language the console asked in. */
export interface ListedItem {
  value: string;
  displayLabel: string;
}

/**
 * The items of the dictionary of `code` in the console's language, in their order: each value
 * with its `displayLabel`. Read once per code and language (the language is part of the query's
 * key), by any logged-in caller: reading items needs no permission. Empty while they load, and
 * for good when the dictionaries module is disabled or the code unknown.
 */
export function useDictionaryItems(code: string): readonly ListedItem[] {
  const { language } = usePreferences();
  const { result } = useList<ListedItem>({
    resource: `dictionaries/${encodeURIComponent(code)}/items`,
    pagination: { pageSize: 200 },
    // Not sent (the data provider ignores it): it keys the cached answer by language.
    meta: { language },
    errorNotification: false,
    queryOptions: { staleTime: 5 * 60 * 1000, retry: false },
  });
  return result.data;
}

/**
 * The labels operators gave the values a module stores (a task's state, a notice's type), from
 * the dictionary of that code, in the console's language: `labelOf(value, fallback)`. The
 * fallback (the console's own text, or the value) answers while the items load, and for good when
 * the dictionaries module is disabled or the code unknown, so a page never shows less than before.
 */
export function useDictionaryLabels(code: string): (value: string, fallback: string) => string {
  const items = useDictionaryItems(code);
  return useMemo(() => {
    const labels = new Map(items.map((item) => [item.value, item.displayLabel]));
    return (value: string, fallback: string) => labels.get(value) ?? fallback;
  }, [items]);
}
