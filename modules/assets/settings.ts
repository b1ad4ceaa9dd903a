import type { ModuleEnvironment } from '@atrium/kernel';
import { defineParam, type Params } from '@atrium/module/params';

const MEDIA_TYPE = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*';

/** The largest upload, in bytes; `ASSET_MAX_BYTES`, when set, caps it. */
export const MAX_BYTES = defineParam({
  key: 'assets.upload.maxBytes',
  name: 'Largest upload (bytes)',
  type: 'integer',
  default: 10 * 1024 * 1024,
  min: 1,
  max: 2 ** 50,
  description:
    'A larger upload is cut off as soon as it passes this and answered 413. The environment variable ASSET_MAX_BYTES, when set, is a ceiling this param cannot raise.',
});

/** The types an upload may have, decided from its content. */
export const ALLOWED_TYPES = defineParam({
  key: 'assets.upload.allowedTypes',
  name: 'Upload types allowed',
  type: 'string',
  default: 'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain',
  min: 1,
  max: 2000,
  pattern: `\\s*${MEDIA_TYPE}(\\s*,\\s*${MEDIA_TYPE})*\\s*`,
  description:
    'Comma-separated media types, matched against the type the content’s first bytes show. Executables, HTML, SVG and XML are refused whatever this says.',
});

export const ASSET_MAX_BYTES = 'ASSET_MAX_BYTES';

/** What an upload is held to, read afresh for each upload so a param change applies at once. */
export interface UploadPolicy {
  maxBytes: number;
  allowedTypes: ReadonlySet<string>;
}

/**
 * The operator's ceiling from `ASSET_MAX_BYTES`: a positive whole number of bytes, or undefined
 * when unset. A malformed value stops the module's start, naming the variable.
 */
export function maxBytesCeiling(environment: ModuleEnvironment): number | undefined {
  const value = environment.variable(ASSET_MAX_BYTES);
  if (value === undefined || value === '') return undefined;
  const bytes = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(bytes) || bytes < 1) {
    throw new Error(`${ASSET_MAX_BYTES} is "${value}": set it to a whole number of bytes, at least 1 (e.g. 10485760 for 10 MiB)`);
  }
  return bytes;
}

/** The param's limit under the operator's ceiling, and the allow-list. */
export async function uploadPolicy(params: Params, ceiling: number | undefined): Promise<UploadPolicy> {
  const [maxBytes, allowed] = await Promise.all([params.get(MAX_BYTES), params.get(ALLOWED_TYPES)]);
  return {
    maxBytes: ceiling === undefined ? maxBytes : Math.min(maxBytes, ceiling),
    allowedTypes: new Set(
      allowed
        .split(',')
        .map((type) => type.trim().toLowerCase())
        .filter(Boolean),
    ),
  };
}
