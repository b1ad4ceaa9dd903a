import { KernelErrors, Type, defineRoute, type ModuleContext } from '@atrium/kernel';
import { IdParams, SignedContentQuery, SignedUrlBody, SignedUrlSchema } from './asset.schemas';
import { AssetService } from './asset.service';
import { AssetErrors } from './errors';
import { DEFAULT_EXPIRES_IN_SECONDS } from './signed-url';

const assets = (ctx: ModuleContext) => new AssetService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404 } = KernelErrors;
const BYTES = Type.String({ contentMediaType: 'application/octet-stream', description: 'The asset’s bytes, as a download.' });

export const downloadAsset = defineRoute({
  method: 'GET',
  path: '/assets/{id}/content',
  permission: 'asset:asset:download',
  summary: 'The asset’s bytes (Content-Disposition: attachment)',
  description:
    'With the stored type, `Content-Disposition: attachment` and its RFC 6266 filename, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`.',
  params: IdParams,
  raw: { contentType: 'application/octet-stream' },
  response: BYTES,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => assets(ctx).content(params.id),
});

export const signAssetUrl = defineRoute({
  method: 'POST',
  path: '/assets/{id}/signed-url',
  permission: 'asset:asset:download',
  summary: 'A URL that downloads the asset without a bearer token until it expires',
  description:
    'The URL is a path under /api/v1 carrying an expiry and an HMAC signature: anyone holding it can download the asset until `expiresAt`, without a token. A tampered one answers 403 SIGNED_URL_INVALID_403, an expired one 403 SIGNED_URL_EXPIRED_403.',
  params: IdParams,
  body: SignedUrlBody,
  response: SignedUrlSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params, body }, ctx) => assets(ctx).signUrl(params.id, body.expiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS),
});

export const signedDownload = defineRoute({
  method: 'GET',
  path: '/assets/{id}/signed-content',
  public: true,
  summary: 'The asset’s bytes, by a signed URL (no bearer token)',
  description:
    'A signature that is not the one for this tenant, asset and expiry is 403 `SIGNED_URL_INVALID_403`; a good one past its expiry is 403 `SIGNED_URL_EXPIRED_403`.',
  params: IdParams,
  query: SignedContentQuery,
  raw: { contentType: 'application/octet-stream' },
  response: BYTES,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404, AssetErrors.SIGNED_URL_INVALID_403, AssetErrors.SIGNED_URL_EXPIRED_403],
  handler: ({ params, query }, ctx) => assets(ctx).signedContent({ id: params.id, ...query }),
});
