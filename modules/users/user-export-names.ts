import type { ModuleContext } from '@atrium/kernel';
import { DepartmentTreeApi } from '@atrium/module/departments';
import { PostDirectoryApi } from '@atrium/module/posts';
import { RoleDirectoryApi } from '@atrium/module/roles';

/** What a batch of an export shows of other modules' rows: names by id. */
export interface ExportNames {
  departments: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, string>;
  posts: ReadonlyMap<string, string>;
}

/**
 * The names of the departments, roles and posts a user export shows, asked of their modules'
 * public APIs (no foreign keys, no joins across modules) once per batch and only for the ids no
 * batch before has met: a tenant has tens of each, so after the first batches nothing is asked.
 * An id whose row has gone is shown as the id.
 */
export function exportNames(
  ctx: ModuleContext,
): (ids: { departments: Iterable<string>; roles: Iterable<string>; posts: Iterable<string> }) => Promise<ExportNames> {
  const known: ExportNames = { departments: new Map(), roles: new Map(), posts: new Map() };
  const learn = async (into: ReadonlyMap<string, string>, ids: Iterable<string>, read: (ids: string[]) => Promise<Map<string, string>>) => {
    const unknown = [...new Set(ids)].filter((id) => !into.has(id));
    if (unknown.length === 0) return;
    const found = await read(unknown);
    for (const id of unknown) (into as Map<string, string>).set(id, found.get(id) ?? id);
  };
  return async (ids) => {
    // One after the other: they share the request's connection.
    await learn(known.departments, ids.departments, (unknown) => ctx.use(DepartmentTreeApi).namesOf(unknown));
    await learn(known.roles, ids.roles, (unknown) => ctx.use(RoleDirectoryApi).namesOf(unknown));
    await learn(known.posts, ids.posts, (unknown) => ctx.use(PostDirectoryApi).namesOf(unknown));
    return known;
  };
}
