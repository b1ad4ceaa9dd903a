import { expect } from 'chai';
import type { RoleGrant } from '../../modules/roles/api';
import { rowScopeOf } from '../../modules/auth/data-scope';

/** A department tree: d1 ⊃ d2 ⊃ d3, and d4 apart. */
const departments = {
  async withDescendants(id: string): Promise<string[]> {
    return ({ d1: ['d1', 'd2', 'd3'], d2: ['d2', 'd3'], d3: ['d3'], d4: ['d4'] } as Record<string, string[]>)[id] ?? [];
  },
};

const grant = (dataScope: RoleGrant['dataScope'], deptIds: string[] = []): RoleGrant => ({
  id: `role-${dataScope}`,
  code: dataScope,
  status: 'active',
  permissions: [],
  dataScope,
  deptIds,
});

const user = { id: 'u1', deptId: 'd2' };

describe("auth: the data scope of a user's roles", () => {
  it('sees nothing without roles', async () => {
    expect(await rowScopeOf(user, [], departments)).to.deep.equal({ all: false, deptIds: [], ownerId: null });
  });

  it('sees every row when any role says all, whatever the others say', async () => {
    expect(await rowScopeOf(user, [grant('self'), grant('all'), grant('custom', ['d4'])], departments)).to.deep.equal({
      all: true,
      deptIds: [],
      ownerId: null,
    });
  });

  it('sees the departments of a custom role, and nothing from an empty one', async () => {
    expect(await rowScopeOf(user, [grant('custom', ['d4', 'd1'])], departments)).to.deep.equal({ all: false, deptIds: ['d1', 'd4'], ownerId: null });
    expect(await rowScopeOf(user, [grant('custom', [])], departments)).to.deep.equal({ all: false, deptIds: [], ownerId: null });
  });

  it("sees the user's own department for dept, and it with its descendants for dept_and_children", async () => {
    expect(await rowScopeOf(user, [grant('dept')], departments)).to.deep.equal({ all: false, deptIds: ['d2'], ownerId: null });
    expect(await rowScopeOf(user, [grant('dept_and_children')], departments)).to.deep.equal({ all: false, deptIds: ['d2', 'd3'], ownerId: null });
  });

  it('gets nothing from dept scopes when the user has no department', async () => {
    const homeless = { id: 'u1', deptId: null };
    expect(await rowScopeOf(homeless, [grant('dept'), grant('dept_and_children')], departments)).to.deep.equal({ all: false, deptIds: [], ownerId: null });
  });

  it("sees the user's own rows for self", async () => {
    expect(await rowScopeOf(user, [grant('self')], departments)).to.deep.equal({ all: false, deptIds: [], ownerId: 'u1' });
  });

  it('unites the roles: departments of each, once, and the own rows', async () => {
    const scope = await rowScopeOf(user, [grant('custom', ['d4', 'd3']), grant('dept_and_children'), grant('self')], departments);
    expect(scope).to.deep.equal({ all: false, deptIds: ['d2', 'd3', 'd4'], ownerId: 'u1' });
  });
});
