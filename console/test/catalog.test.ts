import { describe, expect, it } from 'vitest';
import { grants } from '../src/api/permissions';
import { resourceFor, sortFields, type Catalog, type MenuNode } from '../src/catalog/resources';
import { fieldOf } from '../src/catalog/schema';

const status = {
  anyOf: [
    { const: 'active', type: 'string' },
    { const: 'disabled', type: 'string' },
  ],
};
const envelope = (items: object) => ({
  '200': { content: { 'application/json': { schema: { properties: { data: { properties: { items: { items } } } } } } } },
});
const body = (schema: object) => ({ content: { 'application/json': { schema } } });

/** The shape of a kernel-declared resource in /v3/api-docs (GET /api/v1/posts and its siblings). */
const catalog: Catalog = {
  paths: {
    '/api/v1/posts': {
      get: {
        'x-permission': 'system:post:list',
        parameters: [
          { name: 'page', in: 'query' },
          { name: 'pageSize', in: 'query' },
          { name: 'sort', in: 'query', schema: { description: '`<field>,<asc|desc>`, repeatable.', 'x-sort-fields': ['code', 'name', 'createdAt'] } },
          { name: 'keyword', in: 'query', schema: { type: 'string', maxLength: 100 } },
          { name: 'status', in: 'query', schema: status },
        ],
        responses: envelope({ $ref: '#/components/schemas/Post' }),
      },
      post: { 'x-permission': 'system:post:add', requestBody: body({ $ref: '#/components/schemas/PostCreate' }) },
    },
    '/api/v1/posts/export': {
      get: { 'x-permission': 'system:post:export', parameters: [{ name: 'format', in: 'query', required: true }] },
    },
    '/api/v1/posts/{id}': {
      put: {
        'x-permission': 'system:post:edit',
        requestBody: body({ type: 'object', required: ['version'], properties: { name: { type: 'string' }, version: { type: 'integer' } } }),
      },
      delete: { 'x-permission': 'system:post:remove' },
    },
  },
  components: {
    schemas: {
      Post: {
        type: 'object',
        properties: { id: { type: 'string' }, code: { type: 'string' }, status, remark: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      },
      PostCreate: {
        type: 'object',
        required: ['code'],
        properties: {
          code: { type: 'string', minLength: 1, maxLength: 64 },
          remark: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'null' }] },
          sort: { type: 'integer', minimum: 0 },
          enabled: { type: 'boolean' },
          status,
        },
      },
    },
  },
};

const menu = (permission: string): MenuNode => ({
  id: 'm',
  title: 'Posts',
  path: '/system/posts',
  permission,
  component: 'system/post/index',
  type: 'menu',
  visible: true,
  moduleId: 'posts',
  children: [],
});

describe('a menu’s page from the catalog', () => {
  it('is the list whose x-permission is the menu’s permission, with its create, update and delete', () => {
    const spec = resourceFor(menu('system:post:list'), catalog)!;
    expect(spec).toMatchObject({ name: 'posts', route: '/system/posts', sortable: ['code', 'name', 'createdAt'] });
    expect([spec.create?.permission, spec.update?.permission, spec.update?.method, spec.remove?.permission]).toEqual([
      'system:post:add',
      'system:post:edit',
      'PUT',
      'system:post:remove',
    ]);
  });

  it('offers the export of a list that has one, with its permission, and none otherwise', () => {
    expect(resourceFor(menu('system:post:list'), catalog)!.export).toEqual({ permission: 'system:post:export' });
    const without: Catalog = { ...catalog, paths: { ...catalog.paths, '/api/v1/posts/export': {} } };
    expect(resourceFor(menu('system:post:list'), without)!.export).toBeUndefined();
  });

  it('has no page for a menu whose permission names no list', () => {
    expect(resourceFor(menu('task:task:submit'), catalog)).toBeUndefined();
  });

  it('takes its filters from the list’s own query parameters', () => {
    const { filters } = resourceFor(menu('system:post:list'), catalog)!;
    expect(filters.map(({ name, kind, options }) => ({ name, kind, options }))).toEqual([
      { name: 'keyword', kind: 'string', options: undefined },
      { name: 'status', kind: 'enum', options: ['active', 'disabled'] },
    ]);
  });

  it('makes form fields from the body schema: required, lengths, enums as choices, nullable texts', () => {
    const fields = resourceFor(menu('system:post:list'), catalog)!.create!.fields;
    expect(fields).toEqual([
      {
        name: 'code',
        kind: 'string',
        required: true,
        nullable: false,
        minLength: 1,
        maxLength: 64,
        minimum: undefined,
        maximum: undefined,
        description: undefined,
      },
      {
        name: 'remark',
        kind: 'text',
        required: false,
        nullable: true,
        minLength: undefined,
        maxLength: 500,
        minimum: undefined,
        maximum: undefined,
        description: undefined,
      },
      {
        name: 'sort',
        kind: 'integer',
        required: false,
        nullable: false,
        minLength: undefined,
        maxLength: undefined,
        minimum: 0,
        maximum: undefined,
        description: undefined,
      },
      { name: 'enabled', kind: 'boolean', required: false, nullable: false, description: undefined },
      { name: 'status', kind: 'enum', required: false, nullable: false, options: ['active', 'disabled'], description: undefined },
    ]);
  });

  it('makes a string that names its dictionary a choice among that dictionary’s items, nullable or not', () => {
    const genre = { type: 'string', maxLength: 20, 'x-dictionary': 'book_genre' };
    expect(fieldOf('genre', genre, true, {})).toMatchObject({ kind: 'dictionary', dictionary: 'book_genre', required: true, nullable: false });
    expect(fieldOf('genre', { anyOf: [genre, { type: 'null' }] }, false, {})).toMatchObject({ kind: 'dictionary', dictionary: 'book_genre', nullable: true });
  });

  it('reads no sort fields where the list whitelists none', () => {
    expect(sortFields({ parameters: [{ name: 'sort', in: 'query', schema: { 'x-sort-fields': [] } }] })).toEqual([]);
    expect(sortFields({ parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }] })).toEqual([]);
  });
});

describe('permission codes', () => {
  it('are granted by an equal code or by wildcard segments, as the server grants them', () => {
    expect(grants(['*:*:*'], 'system:post:add')).toBe(true);
    expect(grants(['system:post:*'], 'system:post:add')).toBe(true);
    expect(grants(['system:post:list'], 'system:post:add')).toBe(false);
    expect(grants(['system:*'], 'system:post:add')).toBe(false);
  });
});
