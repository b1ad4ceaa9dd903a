import { type Static, Type, named } from '@atrium/kernel';
import { DEFAULT_EXPIRES_IN_SECONDS, MAX_EXPIRES_IN_SECONDS } from './signed-url';

export const AssetSchema = named(
  'Asset',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    filename: Type.String({ description: 'The client’s name for the file, normalised: never a path.' }),
    contentType: Type.String({ description: 'Decided from the content’s first bytes, never from the name or the declared type.' }),
    size: Type.Integer({ description: 'In bytes.' }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Of the bytes stored, lowercase hex.' }),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: Type.String({ description: 'The id of the user who uploaded it.' }),
  }),
);
export type AssetView = Static<typeof AssetSchema>;

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const AssetFilterQuery = Type.Object({
  filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Part of the name, whatever its case.' })),
  contentType: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Exactly this type, e.g. `image/png`.' })),
});
export type AssetFilter = Static<typeof AssetFilterQuery>;

/** The multipart body of an upload, as the catalog describes it (the handler reads it as a stream). */
export const UploadBody = Type.Object({
  file: Type.String({ contentMediaType: 'application/octet-stream', description: 'The file: one part named `file`, its filename kept as metadata.' }),
});

export const SignedUrlBody = named(
  'AssetSignedUrlCreate',
  Type.Object({
    expiresInSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_EXPIRES_IN_SECONDS,
        default: DEFAULT_EXPIRES_IN_SECONDS,
        description: 'How long the URL works: 1 s to 24 h, 5 minutes when left out.',
      }),
    ),
  }),
);

export const SignedUrlSchema = named(
  'AssetSignedUrl',
  Type.Object({
    url: Type.String({ description: 'A path under /api/v1 that downloads the asset without a bearer token until it expires.' }),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
);

export const SignedContentQuery = Type.Object({
  tenant: Type.Optional(Type.String({ maxLength: 36, description: 'The tenant the asset belongs to, as signed.' })),
  expires: Type.Optional(Type.String({ maxLength: 32, description: 'Unix seconds, as signed.' })),
  signature: Type.Optional(Type.String({ maxLength: 128, description: 'Hex HMAC-SHA256, as signed.' })),
});
