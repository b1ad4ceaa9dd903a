import { KernelErrors, Paginated, Type, defineRoute, discardRefusedBody, type ModuleContext } from '@atrium/kernel';
import { AssetFilterQuery, AssetSchema, IdParams, UploadBody } from './asset.schemas';
import { AssetService } from './asset.service';
import { AssetErrors } from './errors';

const assets = (ctx: ModuleContext) => new AssetService(ctx);

const { SYSTEM_RESOURCE_NOT_FOUND_404, VALIDATION_FAILED_400 } = KernelErrors;

export const listAssets = defineRoute({
  method: 'GET',
  path: '/assets',
  permission: 'asset:asset:list',
  summary: 'Assets, a page at a time',
  description:
    "Metadata only, never the bytes. Rows outside the caller's data scope are not listed. Filter by part of the filename or an exact content type; sort by the whitelisted fields.",
  query: AssetFilterQuery,
  list: { sort: { createdAt: 'createdAt', size: 'size', filename: 'filename' } },
  response: Paginated(AssetSchema),
  handler: ({ query, page }, ctx) => assets(ctx).list(page, query),
});

export const uploadAsset = defineRoute({
  method: 'POST',
  path: '/assets',
  permission: 'asset:asset:upload',
  summary: 'Uploads a file (multipart/form-data, one part named `file`)',
  description:
    'Streamed to storage as it arrives, its size and sha256 computed on the way. Over the size limit (param `assets.upload.maxBytes`, capped by `ASSET_MAX_BYTES`) it is refused as soon as the limit is passed: 413, then at most 4 MiB more of the body is read and thrown away (for 5 s at most) so that the client can read the answer, and the connection is closed if more is still coming. Its type is decided by its first bytes against the param `assets.upload.allowedTypes`; a name whose extension says another type, executables, HTML and SVG are 415. Nothing is stored on a refusal.',
  streamedBody: { contentType: 'multipart/form-data', schema: UploadBody },
  status: 201,
  response: AssetSchema,
  errors: [VALIDATION_FAILED_400, AssetErrors.ASSET_TOO_LARGE_413, AssetErrors.ASSET_UNSUPPORTED_TYPE_415],
  handler: async ({ raw, principal }, ctx) => {
    try {
      return await assets(ctx).upload(raw, principal.userId);
    } catch (error) {
      // Refused before the end of the body: the client, likely still sending, must get to read
      // the answer, and the server must not read on without end.
      discardRefusedBody(raw);
      throw error;
    }
  },
});

export const getAsset = defineRoute({
  method: 'GET',
  path: '/assets/{id}',
  permission: 'asset:asset:query',
  summary: 'One asset’s metadata',
  description:
    "The name, detected content type, size, SHA-256 and uploader of one asset. One outside the caller's data scope is 404 SYSTEM_RESOURCE_NOT_FOUND_404, as if it did not exist.",
  params: IdParams,
  response: AssetSchema,
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => assets(ctx).get(params.id),
});

export const deleteAsset = defineRoute({
  method: 'DELETE',
  path: '/assets/{id}',
  permission: 'asset:asset:remove',
  summary: 'Deletes an asset and its stored bytes',
  description: "Removes the record and the stored file; signed URLs already handed out stop working. An asset outside the caller's data scope is 404.",
  params: IdParams,
  response: Type.Object({}),
  errors: [SYSTEM_RESOURCE_NOT_FOUND_404],
  handler: ({ params }, ctx) => assets(ctx).remove(params.id),
});
