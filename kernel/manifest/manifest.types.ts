/** The v1 module manifest, as `manifests/module-manifest.v1.schema.json` defines it. */
export const MANIFEST_SCHEMA_ID = 'https://atrium.dev/schemas/module-manifest/v1.json';

export type PermissionScope = 'global' | 'tenant' | 'row';

export interface ManifestPermission {
  code: string;
  name: string;
  scope: PermissionScope;
  owner: string;
}

export interface ManifestMenu {
  title: string;
  path: string;
  component: string;
  permission: string;
}

export interface ManifestGeneration {
  templateId: string;
  templateVersion: string;
  sourceTable: string;
  className: string;
  resourcePath: string;
  routeModule: string;
}

export interface Manifest {
  $schema: typeof MANIFEST_SCHEMA_ID;
  schemaVersion: 1;
  id: string;
  name: string;
  version: string;
  description?: string | null;
  dependsOn?: string[];
  capabilities?: string[];
  permissions?: ManifestPermission[];
  menus?: ManifestMenu[];
  migrations?: string[];
  publicApis?: string[];
  spi?: string[];
  spec?: string | null;
  aiRules?: string | null;
  generation?: ManifestGeneration | null;
}

/** A manifest found on disk, before or after validation. */
export interface ManifestFile {
  /** Absolute path of the module root it was found under: the built-in folder or a MODULE_PATH entry. */
  root: string;
  /** Absolute path of the module folder. */
  dir: string;
  /** Absolute path of its manifest.json. */
  file: string;
}
