import type { BaseRecord, CrudFilter, CrudSort, DataProvider } from '@refinedev/core';
import { API_BASE, type ApiClient, type QueryValue } from './http';

/** A page of a list, as every Atrium list answers it (docs/api-clients.md, "Pagination"). */
interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalIsEstimate?: true;
}

/**
 * Refine's data provider over Atrium's API. A resource is named by its collection's path under
 * /api/v1 (`posts`, `tasks/schedules`); an item is `<resource>/<id>`.
 */
export function atriumDataProvider(api: ApiClient): DataProvider {
  return {
    getApiUrl: () => API_BASE,

    async getList({ resource, pagination, sorters, filters }) {
      const query: Record<string, QueryValue> = { ...filterQuery(filters), sort: sortQuery(sorters) };
      if (pagination?.mode !== 'off') {
        query.page = pagination?.currentPage ?? 1;
        query.pageSize = pagination?.pageSize ?? 20;
      }
      const page = await api.request<Page<never>>('GET', `/${resource}`, { query });
      return { data: page.items, total: page.total, totalIsEstimate: page.totalIsEstimate === true };
    },

    async getOne({ resource, id }) {
      return { data: await api.request('GET', `/${resource}/${encodeURIComponent(String(id))}`) };
    },

    async create({ resource, variables }) {
      return { data: await api.request('POST', `/${resource}`, { body: variables }) };
    },

    /**
     * Sends the `version` the record was read at, so a change made meanwhile by someone else is
     * a 409 conflict rather than overwritten: from the form's values, or `meta.version`.
     */
    async update({ resource, id, variables, meta }) {
      const body = withVersion(variables as BaseRecord, meta?.version);
      const method = (meta?.method as string | undefined) ?? 'PUT';
      return { data: await api.request(method, `/${resource}/${encodeURIComponent(String(id))}`, { body }) };
    },

    async deleteOne({ resource, id, variables, meta }) {
      const version = (variables as BaseRecord | undefined)?.version ?? meta?.version;
      return { data: await api.request('DELETE', `/${resource}/${encodeURIComponent(String(id))}`, { query: { version } }) };
    },

    /**
     * Any other call; `meta.raw` for an answer that is not an envelope (the catalog), `meta.blob`
     * for a file's bytes. A FormData payload is sent multipart (an upload).
     */
    async custom({ url, method, query, payload, filters, sorters, meta }) {
      const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
      const all = { ...filterQuery(filters), sort: sortQuery(sorters), ...(query as Record<string, QueryValue> | undefined) };
      const options = { query: all, body: payload, raw: meta?.raw === true, blob: meta?.blob === true };
      return { data: await api.request(method.toUpperCase(), path, options) };
    },
  };
}

function withVersion(variables: BaseRecord, version: unknown): BaseRecord {
  if (variables.version !== undefined || version === undefined) return variables;
  return { ...variables, version };
}

/** `sort=<field>,<asc|desc>`, one per sorter, in order (the API takes the parameter repeated). */
export function sortQuery(sorters: CrudSort[] = []): string[] {
  return sorters.map(({ field, order }) => `${field},${order}`);
}

/**
 * Filters become query parameters of their field's name: a list declares its filters as query
 * parameters (`keyword`, `status`), each meaning what that list says it means, so the operator
 * chosen in the console does not travel.
 */
export function filterQuery(filters: CrudFilter[] = []): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    query[filter.field] = filter.value as QueryValue;
  }
  return query;
}
