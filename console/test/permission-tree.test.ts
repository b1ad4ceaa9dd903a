import { describe, expect, it } from 'vitest';
import { grantedCodes, heldAfter, permissionTree, type Permission } from '../src/pages/custom/permissions/permission-codes';
import { menuRows, parentIds, parentOptions, type Menu } from '../src/pages/custom/menus/menu';

const permission = (code: string): Permission => ({ code, name: `name of ${code}`, scope: 'tenant', moduleId: code.split(':')[0] });
const CODES = ['system:user:list', 'system:user:add', 'system:post:list', 'me:profile:query', 'audit:login:list'];
const PERMISSIONS = CODES.map(permission);

describe('the permission tree', () => {
  it('groups the permissions by module, then resource, groups by name and actions in the API’s order', () => {
    const outline = (nodes: ReturnType<typeof permissionTree>): unknown[] =>
      nodes.map((node) => (node.children ? { [node.key]: outline(node.children) } : node.key));
    expect(outline(permissionTree(PERMISSIONS))).to.deep.equal([
      { 'group:audit': [{ 'group:audit:login': ['audit:login:list'] }] },
      { 'group:me': [{ 'group:me:profile': ['me:profile:query'] }] },
      { 'group:system': [{ 'group:system:post': ['system:post:list'] }, { 'group:system:user': ['system:user:list', 'system:user:add'] }] },
    ]);
  });

  it('titles a group by its segment and a permission by its name', () => {
    const [, , system] = permissionTree(PERMISSIONS);
    expect(system.title).to.equal('system');
    expect(system.children?.[1].title).to.equal('user');
    expect(system.children?.[1].children?.[1]).to.include({ title: 'name of system:user:add' });
  });

  it('checks every permission a wildcard grants', () => {
    expect(grantedCodes(['system:*:*', 'me:profile:query'], CODES)).to.deep.equal([
      'system:user:list',
      'system:user:add',
      'system:post:list',
      'me:profile:query',
    ]);
    expect(grantedCodes(['*:*:list'], CODES)).to.deep.equal(['system:user:list', 'system:post:list', 'audit:login:list']);
    expect(grantedCodes(['*:*:*'], CODES)).to.deep.equal(CODES);
  });
});

describe('what is held after a change in the tree', () => {
  it('lists the checked permissions', () => {
    expect(heldAfter(['system:user:list', 'me:profile:query'], [], CODES)).to.deep.equal(['system:user:list', 'me:profile:query']);
  });

  it('keeps a wildcard while all it grants stays checked, instead of spelling it out', () => {
    expect(heldAfter([...CODES], ['*:*:*'], CODES)).to.deep.equal(['*:*:*']);
    expect(heldAfter(['system:user:list', 'system:user:add', 'system:post:list', 'audit:login:list'], ['system:*:*'], CODES)).to.deep.equal([
      'system:*:*',
      'audit:login:list',
    ]);
  });

  it('replaces a wildcard by what stays checked once one permission it grants is unchecked', () => {
    expect(heldAfter(['system:user:list', 'system:post:list'], ['system:*:*', 'me:profile:query'], CODES)).to.deep.equal([
      'system:user:list',
      'system:post:list',
    ]);
  });

  it('keeps codes the tree does not show (a disabled module’s), since nobody could uncheck them', () => {
    expect(heldAfter(['system:user:list'], ['task:task:submit', 'system:user:add'], CODES)).to.deep.equal(['task:task:submit', 'system:user:list']);
  });
});

describe('the menus tree table', () => {
  const menu = (id: string, type: Menu['type'], children: Menu[] = []): Menu => ({
    id,
    parentId: null,
    title: id,
    path: `/${id}`,
    component: id,
    permission: 'a:b:c',
    type,
    icon: null,
    sort: 0,
    visible: true,
    moduleId: null,
    children,
  });
  const rows = menuRows([menu('dir', 'directory', [menu('page', 'menu', [menu('button', 'button')]), menu('empty', 'menu')])]);

  it('gives a leaf no children, so it shows no expander, and opens every parent', () => {
    expect(rows[0].children?.[1]).to.not.have.property('children');
    expect(parentIds(rows)).to.deep.equal(['dir', 'page']);
  });

  it('offers as parents neither buttons nor the menu being moved and what is under it', () => {
    const flat = (options: ReturnType<typeof parentOptions>): [string, boolean][] =>
      options.flatMap((o) => [[o.value, o.disabled] as [string, boolean], ...flat(o.children)]);
    expect(flat(parentOptions(rows, 'page'))).to.deep.equal([
      ['dir', false],
      ['page', true],
      ['button', true],
      ['empty', false],
    ]);
  });
});
