/** What the dictionaries tests share: a client for the routes, with the ADMIN fixture token by default. */
import path from 'node:path';
import type { Test } from 'supertest';
import { expectSuccess } from '../http/helpers';
import { ADMIN, type TestServer } from '../support/server';

export const PROBE = path.join(__dirname, 'fixtures', 'dictionaries-probe');
/** Declares `probe_level` through dictionaries.builtin. */
export const BUILTIN_PROBE = path.join(__dirname, 'fixtures', 'dictionaries-builtin-probe');
/** Declares `late_level`, loaded while the server runs. */
export const LATE_PROBE = path.join(__dirname, 'fixtures', 'dictionaries-late-probe');
/** Declares malformed built-in dictionaries (and one well-formed). */
export const BAD_PROBE = path.join(__dirname, 'fixtures', 'dictionaries-bad-probe');

export interface TypeBody {
  id: string;
  code: string;
  name: string;
  status: 'active' | 'disabled';
  remark: string | null;
  names: { en?: string; zh?: string };
  builtin: boolean;
  inherited: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ItemBody {
  id: string;
  label: string;
  labels: { en?: string; zh?: string };
  /** Only in the items list: the label in the caller's language. */
  displayLabel?: string;
  value: string;
  sort: number;
  status: 'active' | 'disabled';
  isDefault: boolean;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PageBody<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

type Method = 'get' | 'post' | 'put' | 'delete';

export class DictionariesClient {
  constructor(private readonly server: () => TestServer) {}

  call(method: Method, path: string, body?: object, token: string | null = ADMIN): Test {
    let request = this.server().http()[method](`/api/v1${path}`);
    if (token) request = request.set('Authorization', token);
    return body === undefined ? request : request.send(body);
  }

  async addType(code: string, extra: object = {}): Promise<TypeBody> {
    return expectSuccess(await this.call('post', '/dictionaries', { code, name: `Dictionary ${code}`, ...extra }), 201).data as TypeBody;
  }

  async addItem(code: string, value: string, extra: object = {}): Promise<ItemBody> {
    return expectSuccess(await this.call('post', `/dictionaries/${code}/items`, { value, label: `Label ${value}`, ...extra }), 201).data as ItemBody;
  }

  async items(code: string, query = '', token: string | null = ADMIN): Promise<PageBody<ItemBody>> {
    return expectSuccess(await this.call('get', `/dictionaries/${code}/items${query ? `?${query}` : ''}`, undefined, token)).data as PageBody<ItemBody>;
  }
}
