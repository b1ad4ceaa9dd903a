/**
 * The organisation the list benchmarks' users belong to, made through the API so it is what the
 * platform itself would make: a head office with four divisions of three teams each, four posts,
 * and three roles of different data scopes. The users and their links are then written by SQL
 * (thousands or millions of API creates would hash as many passwords).
 */
export interface Organisation {
  deptIds: string[];
  postIds: string[];
  roleIds: string[];
}

export async function seedOrganisation(baseUrl: string, bearer: string): Promise<Organisation> {
  const create = async (path: string, body: unknown): Promise<string> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { id?: string } };
    if (res.status !== 201 || !json.data?.id) throw new Error(`seeding ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data.id;
  };
  const head = await create('/departments', { name: 'Head office' });
  const deptIds = [head];
  for (const division of ['Sales', 'Engineering', 'Finance', 'Support']) {
    const divisionId = await create('/departments', { name: division, parentId: head });
    deptIds.push(divisionId);
    for (const team of ['North', 'Central', 'South']) deptIds.push(await create('/departments', { name: `${division} ${team}`, parentId: divisionId }));
  }
  const postIds: string[] = [];
  for (const code of ['ceo', 'manager', 'engineer', 'clerk']) postIds.push(await create('/posts', { code, name: code }));
  const roleIds: string[] = [];
  // Codes one by one, not `me:*:*`: a tenant's administrator holds each but not the wildcard, and
  // grants nothing it does not hold.
  const permissions = ['me:profile:query', 'me:profile:edit', 'me:password:edit', 'me:session:list', 'me:menu:list', 'system:user:list'];
  for (const [code, dataScope] of [
    ['staff', 'self'],
    ['lead', 'dept'],
    ['auditor', 'all'],
  ]) {
    roleIds.push(await create('/roles', { code, name: code, permissions, dataScope, deptIds: [], status: 'active' }));
  }
  return { deptIds, postIds, roleIds };
}
