import type { ModuleEnvironment } from '@atrium/kernel';

const VARIABLE = 'API_DOCS_PUBLIC';

/**
 * Whether `/v3/api-docs` (and the reference at `/docs` that reads it) answers without a token.
 * `API_DOCS_PUBLIC=true|false`; unset, it is open on a local server and closed in production,
 * where the catalog would show strangers every endpoint and permission code.
 */
export function apiDocsArePublic(environment: ModuleEnvironment): boolean {
  const value = environment.variable(VARIABLE)?.trim().toLowerCase();
  if (value === undefined || value === '') return !environment.production;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${VARIABLE} must be true or false, not "${environment.variable(VARIABLE)}"`);
}
