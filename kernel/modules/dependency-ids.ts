import type { Manifest } from '../manifest/manifest.types';
import { parseDependency } from './dependency';

/** The module ids of `dependsOn`, without their semver ranges (`users@^1.2.0` → `users`). */
export function dependencyIds(manifest: Pick<Manifest, 'dependsOn'>): string[] {
  return (manifest.dependsOn ?? []).map((entry) => {
    const dependency = parseDependency(entry);
    return 'error' in dependency ? entry : dependency.id;
  });
}
