/**
 * Real module folders written by a test, for the variations a static fixture cannot cover. They
 * import `@atrium/kernel` (and any package the kernel has) from wherever they are written, as a
 * module on MODULE_PATH does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANIFEST_SCHEMA_ID } from '../../../kernel/manifest/manifest.types';

export interface ModuleSpec {
  /** Manifest fields besides `$schema`, `schemaVersion`, `id`, `name` and `version` (which may be overridden). */
  manifest?: Record<string, unknown>;
  /** Files by path relative to the module folder: `index.ts`, `migrations/0001-x.ts`, `README.md`. */
  files?: Record<string, string>;
}

/** A temporary folder to write modules into; `remove()` deletes it. */
export class ModuleFolders {
  readonly root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-kernel-test-')));

  /** Writes `<root>/<parent…>/<id>/` and returns the module folder. */
  write(id: string, spec: ModuleSpec = {}, parent = ''): string {
    const dir = path.join(this.root, parent, id);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const manifest = { $schema: MANIFEST_SCHEMA_ID, schemaVersion: 1, id, name: id, version: '1.0.0', ...spec.manifest };
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    for (const [relative, text] of Object.entries(spec.files ?? {})) {
      const file = path.join(dir, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    return dir;
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** A permission entry of `owner` for a manifest. */
export function permission(code: string, owner = code.split(':')[0]): Record<string, string> {
  return { code, name: code, scope: 'global', owner };
}

/**
 * An `index.ts` exporting `defineModule({ <body> })`, importing `imports` from @atrium/kernel,
 * with `preamble` (module-level code) between the imports and the export.
 */
export function entry(body: string, imports: string[] = [], preamble = ''): string {
  const names = [...new Set(['defineModule', ...imports])].join(', ');
  return `import { ${names} } from '@atrium/kernel';\n\n${preamble}${preamble ? '\n\n' : ''}export default defineModule({\n${body}\n});\n`;
}

/** A migration file running `sql`, one statement per argument. */
export function migration(...sql: string[]): string {
  const statements = sql.map((s) => `    this.addSql(${JSON.stringify(s)});`).join('\n');
  return `import { Migration } from '@atrium/kernel';\n\nexport default class extends Migration {\n  override up(): void {\n${statements}\n  }\n}\n`;
}
