import type { Manifest } from '../manifest/manifest.types';

/** The module ids of `dependsOn`, without their semver ranges (`users@^1.2.0` → `users`). */
export function dependencyIds(manifest: Pick<Manifest, 'dependsOn'>): string[] {
  return (manifest.dependsOn ?? []).map((entry) => {
    const at = entry.indexOf('@');
    return at === -1 ? entry : entry.slice(0, at);
  });
}
