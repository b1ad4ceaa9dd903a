import { permissionGrants } from '@atrium/kernel';

/** The codes of `requested` that none of `held` grants: what a key may not be given. */
export function notHeld(requested: readonly string[], held: readonly string[]): string[] {
  return requested.filter((code) => !held.some((own) => permissionGrants(own, code)));
}

/**
 * What a key may do now: the codes both its own and its owner's current permissions grant.
 * Codes may hold `*` segments, so each pair meets segment by segment (`system:*:list` and
 * `system:user:*` meet in `system:user:list`); a pair differing in a segment meets nowhere.
 */
export function effectivePermissions(keyPermissions: readonly string[], ownerPermissions: readonly string[]): string[] {
  const met = keyPermissions.flatMap((own) => ownerPermissions.map((held) => meet(own, held))).filter((code): code is string => code !== null);
  return [...new Set(met)];
}

function meet(a: string, b: string): string | null {
  const as = a.split(':');
  const bs = b.split(':');
  if (as.length !== 3 || bs.length !== 3) return null;
  const segments = as.map((segment, at) => (segment === '*' ? bs[at] : bs[at] === '*' || bs[at] === segment ? segment : null));
  return segments.every((segment) => segment !== null) ? segments.join(':') : null;
}
