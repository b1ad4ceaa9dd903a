/** This template's identity, as the registry lists it and generated manifests record it. */
export const CRUD_TEMPLATE_ID = 'crud';
/**
 * Semver of the API a generated module serves: a change its clients see is a major version. 2.0.0:
 * an integer key travels as a string of digits, and a GENERATED ALWAYS column is read only. 3.0.0:
 * the module declares its resource with the kernel's kit (the catalog's summaries, the view
 * schema's limits and the audit log's resource name follow the kit), and indexes its list.
 */
export const CRUD_TEMPLATE_VERSION = '3.0.0';
