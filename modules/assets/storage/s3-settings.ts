import type { ModuleEnvironment } from '@atrium/kernel';

/** Where and how the s3 provider stores, from the ASSET_S3_* variables. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2…); unset for AWS itself. */
  endpoint?: string;
  /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, instance roles) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket/key` in the path instead of `bucket.host`: what most S3-compatible services want. */
  forcePathStyle: boolean;
}

/** Reads the settings; a missing or malformed one stops the start, naming the variable. */
export function readS3Settings(environment: ModuleEnvironment): S3Settings {
  const read = (name: string) => environment.variable(name)?.trim() || undefined;
  const bucket = read('ASSET_S3_BUCKET');
  if (!bucket) throw new Error('ASSET_STORAGE is "s3" but ASSET_S3_BUCKET is not set: name the bucket asset bytes go to');
  const endpoint = read('ASSET_S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`ASSET_S3_ENDPOINT is "${endpoint}": give an http:// or https:// URL`);
  const accessKeyId = read('ASSET_S3_ACCESS_KEY_ID');
  const secretAccessKey = read('ASSET_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('set both ASSET_S3_ACCESS_KEY_ID and ASSET_S3_SECRET_ACCESS_KEY, or neither (to use the AWS SDK’s default credentials)');
  }
  const pathStyle = read('ASSET_S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`ASSET_S3_FORCE_PATH_STYLE is "${pathStyle}": set it to true or false`);
  return {
    bucket,
    region: read('ASSET_S3_REGION') ?? 'us-east-1',
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === 'true',
  };
}
