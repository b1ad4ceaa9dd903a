/** Real module folders in a temp dir, for the tests of discovery, validation and the CLI. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_SCHEMA_ID } from '../../kernel/manifest/manifest.types';

export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `atrium-${label}-`));
}

/** A valid manifest for `id`, with `fields` added or overriding. */
export function manifestOf(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { $schema: MANIFEST_SCHEMA_ID, schemaVersion: 1, id, name: id, version: '1.0.0', ...fields };
}

/** Writes `<parent>/<folder>/manifest.json` and returns the module folder. */
export function writeModule(parent: string, folder: string, manifest: unknown = manifestOf(folder)): string {
  const dir = path.join(parent, folder);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest, null, 2));
  return dir;
}
