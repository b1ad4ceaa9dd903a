/**
 * MikroORM's `Migration` base class, which every migration extends, without the rest of
 * `@mikro-orm/migrations`: the package's index also loads the Migrator (umzug, the migration
 * generators), some 150 ms of every boot that only a boot with pending migrations needs
 * (migrations.ts loads it then). The package's exports name only its index, so the class's file
 * is required by its path: it is the very file the index loads, so the class is the one the
 * Migrator knows.
 */
import path from 'node:path';
import type { Migration as MikroMigration } from '@mikro-orm/migrations';

const FILE = path.join(path.dirname(require.resolve('@mikro-orm/migrations/package.json')), 'Migration.js');

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of the package by its path, see above
export const Migration = (require(FILE) as { Migration: typeof MikroMigration }).Migration;
export type Migration = MikroMigration;
