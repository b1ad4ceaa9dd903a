import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AssetStore } from './api';

/**
 * Streams a file the server made (an export) into `store` under `key`, answering its size and
 * SHA-256 as an upload's are recorded. Rejects when the file fails or `signal` aborts part way;
 * the file is then destroyed, so whatever writes it stops too, and the caller deletes the key.
 */
export async function storeMadeFile(store: AssetStore, key: string, body: Readable, signal?: AbortSignal): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  async function* measured(): AsyncGenerator<Buffer> {
    for await (const chunk of body) {
      signal?.throwIfAborted();
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      hash.update(bytes);
      size += bytes.length;
      yield bytes;
    }
  }
  try {
    await store.write(key, Readable.from(measured(), { objectMode: false }));
    signal?.throwIfAborted();
  } catch (error) {
    body.destroy();
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}
