import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, KernelErrors, type ModuleContext } from '@atrium/kernel';
import type { AssetStorageProvider, AssetStore, StoredObject } from '../api';
import { SharedDirectory } from './shared-directory';
import { isStorageKey, partsOf } from './storage-key';

/**
 * Files under the module's folder in DATA_DIR: `<DATA_DIR>/modules/assets/objects/<tenant>/<xy>/<id>`
 * (a key from before tenants had folders: `objects/<xy>/<id>`), where `xy` is the id's last two
 * hex digits (its random end), so no folder holds more than a 256th of a tenant's files. For one instance, or several sharing one filesystem: whether they do is
 * checked at start and at every readiness probe (shared-directory.ts).
 */
export function localStorageProvider(ctx: ModuleContext): AssetStorageProvider {
  return {
    name: 'local',
    async create() {
      const shared = new SharedDirectory(ctx.storage.path('instances'), ctx);
      await shared.start();
      return new LocalStore(ctx.storage.path('objects'), shared);
    },
  };
}

class LocalStore implements AssetStore {
  constructor(
    private readonly root: string,
    private readonly shared: SharedDirectory,
  ) {}

  async write(key: string, source: NodeJS.ReadableStream): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // `wx`: a key is written once; an existing file is never overwritten. Opened before the first
    // byte, so the file exists (and is this write's) by the time anything can fail.
    const handle = await fs.promises.open(file, 'wx', 0o600);
    try {
      await pipeline(source, handle.createWriteStream());
    } catch (error) {
      // A failed pipeline may still be closing the file: wait for it, then take the file away
      // here, so nothing is left once write() has rejected (a delete racing the close could run
      // first and leave the file behind).
      await handle.close().catch(() => undefined);
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<NodeJS.ReadableStream> {
    // Opened before answering, so a missing file fails here rather than half-way through a response.
    const handle = await fs.promises.open(this.file(key), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      // The row exists but the bytes are not here: most often another instance wrote them to a
      // folder this one does not share. A retry may reach an instance that has them.
      throw new AppError(KernelErrors.SYSTEM_DEPENDENCY_UNAVAILABLE_503, {
        headers: { 'Retry-After': '1' },
        details: [{ rule: 'storage', message: "the file is not in this instance's asset storage: is the assets folder shared?" }],
      });
    });
    return handle.createReadStream();
  }

  ready(): Promise<string | null> {
    return this.shared.problem();
  }

  close(): Promise<void> {
    return this.shared.stop();
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async *keys(): AsyncIterable<StoredObject> {
    for (const entry of await entries(this.root)) {
      if (!entry.isDirectory()) continue;
      if (SHARD.test(entry.name)) yield* shardFiles(path.join(this.root, entry.name), '');
      else if (isStorageKey(entry.name)) {
        const tenantDir = path.join(this.root, entry.name);
        for (const shard of await entries(tenantDir)) {
          if (shard.isDirectory() && SHARD.test(shard.name)) yield* shardFiles(path.join(tenantDir, shard.name), `${entry.name}/`);
        }
      }
    }
  }

  private file(key: string): string {
    // Keys are the module's own UUIDs; anything else is a bug, never a path to follow.
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    const { folder, id } = partsOf(key);
    return path.join(this.root, ...(folder ? [folder] : []), id.slice(-2), id);
  }
}

/** A shard folder's name: the last two hex digits of the ids it holds. */
const SHARD = /^[0-9a-f]{2}$/;

async function* shardFiles(dir: string, prefix: string): AsyncIterable<StoredObject> {
  for (const entry of await entries(dir)) {
    if (!entry.isFile() || !isStorageKey(entry.name)) continue;
    const stat = await fs.promises.stat(path.join(dir, entry.name)).catch(() => undefined);
    // Gone since the folder was read: deleted meanwhile, nothing to list.
    if (stat) yield { key: `${prefix}${entry.name}`, modifiedAt: stat.mtime };
  }
}

async function entries(dir: string): Promise<fs.Dirent[]> {
  try {
    return await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
