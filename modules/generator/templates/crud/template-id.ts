/** This template's identity, as the registry lists it and generated manifests record it. */
export const CRUD_TEMPLATE_ID = 'crud';
export const CRUD_TEMPLATE_VERSION = '1.0.0';
