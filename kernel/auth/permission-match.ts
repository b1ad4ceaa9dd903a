/**
 * Whether a granted code covers a required one: three segments, compared one by one, where a
 * granted `*` matches any segment (`system:*:list`, `*:*:*`).
 */
export function permissionGrants(granted: string, required: string): boolean {
  const g = granted.split(':');
  const r = required.split(':');
  if (g.length !== 3 || r.length !== 3) return false;
  return g.every((segment, i) => segment === '*' || segment === r[i]);
}

export function anyPermissionGrants(granted: readonly string[], required: string): boolean {
  return granted.some((code) => permissionGrants(code, required));
}
