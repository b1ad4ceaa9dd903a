import { grants } from '../../../api/permissions';

/** A permission a module declares, as GET /system/permissions answers it. */
export interface Permission {
  code: string;
  name: string;
  scope: PermissionScope;
  moduleId: string;
}

export type PermissionScope = 'global' | 'tenant' | 'row';

/** A node of the permission tree: a module's or a resource's group (key `group:…`), or a permission (key: its code). */
export interface PermissionNode {
  key: string;
  title: string;
  permission?: Permission;
  children?: PermissionNode[];
}

/**
 * The permissions grouped by their code's segments, `module:resource:action`: a group for each
 * module, in it a group for each resource, in it the permissions in the order the API gave them.
 * Groups are sorted by name, so a module is found where its name says.
 */
export function permissionTree(permissions: readonly Permission[]): PermissionNode[] {
  const modules = new Map<string, PermissionNode & { children: PermissionNode[] }>();
  const resources = new Map<string, PermissionNode & { children: PermissionNode[] }>();
  for (const permission of permissions) {
    const [module, resource] = permission.code.split(':');
    let moduleNode = modules.get(module);
    if (!moduleNode) modules.set(module, (moduleNode = { key: `group:${module}`, title: module, children: [] }));
    const resourceKey = `group:${module}:${resource}`;
    let resourceNode = resources.get(resourceKey);
    if (!resourceNode) {
      resources.set(resourceKey, (resourceNode = { key: resourceKey, title: resource, children: [] }));
      moduleNode.children.push(resourceNode);
    }
    resourceNode.children.push({ key: permission.code, title: permission.name, permission });
  }
  const byTitle = (a: PermissionNode, b: PermissionNode) => a.title.localeCompare(b.title);
  for (const moduleNode of modules.values()) moduleNode.children.sort(byTitle);
  return [...modules.values()].sort(byTitle);
}

/** The shown codes that `held` grants, wildcards included (`system:*:*` grants every `system:…`): what the tree checks. */
export function grantedCodes(held: readonly string[], codes: readonly string[]): string[] {
  return codes.filter((code) => grants(held, code));
}

/**
 * What a role or package holds once the tree shows `checked` among the shown `codes`. A code it
 * held stays as it is while every shown code it grants is still checked: so a wildcard (`*:*:*`,
 * which the administrator role must keep) is not spelt out, and a code the tree does not show
 * (a disabled module's) is not lost. Then each checked code those do not grant is added.
 */
export function heldAfter(checked: readonly string[], held: readonly string[], codes: readonly string[]): string[] {
  const shown = new Set(checked);
  const kept = held.filter((code) => codes.every((leaf) => shown.has(leaf) || !grants([code], leaf)));
  return [...kept, ...codes.filter((leaf) => shown.has(leaf) && !grants(kept, leaf))];
}
