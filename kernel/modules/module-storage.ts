import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../manifest/manifest.types';
import type { StorageCapability } from '../module-api/module-context';
import { CapabilityError } from './capabilities';

/** A module's private folder under DATA_DIR: `<dataDir>/modules/<id>`. */
export function storageCapability(dataDir: string, moduleId: string): StorageCapability {
  const dir = path.join(dataDir, 'modules', moduleId);
  let created = false;
  const ensure = () => {
    if (!created) fs.mkdirSync(dir, { recursive: true });
    created = true;
    return dir;
  };
  return {
    get dir() {
      return ensure();
    },
    path(relative: string) {
      const full = path.resolve(ensure(), relative);
      if (!full.startsWith(dir + path.sep)) throw new CapabilityError(`storage path "${relative}" leaves the module's folder`);
      return full;
    },
  };
}

/**
 * The folder handed to checkEnvironment, before the module has a context: the same folder, refused
 * the same way (naming the manifest change) when the manifest does not ask for `storage`.
 */
export function checkedStorage(dataDir: string, manifest: Manifest, file: string): StorageCapability {
  if ((manifest.capabilities ?? []).includes('storage')) return storageCapability(dataDir, manifest.id);
  const refuse = (): never => {
    throw new CapabilityError(`module "${manifest.id}" has no "storage" capability: add "storage" to "capabilities" in ${file}`);
  };
  return {
    get dir(): string {
      return refuse();
    },
    path: refuse,
  };
}
