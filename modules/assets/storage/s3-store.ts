import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AssetStorageProvider, AssetStore, StoredObject } from '../api';
import { readS3Settings } from './s3-settings';
import { isStorageKey } from './storage-key';

type S3Sdk = typeof import('@aws-sdk/client-s3');
type S3Uploads = typeof import('@aws-sdk/lib-storage');

/** Every object of the module sits under this prefix, so a bucket can be shared and the cleanup never lists or deletes anything else. */
const PREFIX = 'assets/';
/** S3's smallest part; the uploader buffers one part at a time, so an upload holds at most this much. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * An S3 bucket, or any service that speaks S3: for several instances that share no filesystem.
 * The AWS SDK is loaded only when this provider is chosen.
 */
export const s3StorageProvider: AssetStorageProvider = {
  name: 's3',
  async create(environment) {
    const settings = readS3Settings(environment);
    const [sdk, uploads] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where S3 requires them: S3-compatible services often reject or mangle the
      // SDK's default trailing checksums on streamed bodies; TLS and sha256 cover integrity.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Store(sdk, uploads, client, settings.bucket);
  },
};

class S3Store implements AssetStore {
  constructor(
    private readonly sdk: S3Sdk,
    private readonly uploads: S3Uploads,
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async write(key: string, source: NodeJS.ReadableStream): Promise<void> {
    // A stream of unknown length: one PUT when it fits in a part, a multipart upload otherwise,
    // aborted (its parts removed) when the source fails.
    const upload = new this.uploads.Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: source as Readable, ContentType: 'application/octet-stream' },
      queueSize: 1,
      partSize: PART_BYTES,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async read(key: string): Promise<NodeJS.ReadableStream> {
    const { Body } = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    if (!Body) throw new Error(`the object of ${key} has no body`);
    return Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *keys(): AsyncIterable<StoredObject> {
    for await (const page of this.sdk.paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: PREFIX })) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(PREFIX.length) ?? '';
        if (isStorageKey(key) && object.LastModified) yield { key, modifiedAt: object.LastModified };
      }
    }
  }

  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return `${PREFIX}${key}`;
  }
}
