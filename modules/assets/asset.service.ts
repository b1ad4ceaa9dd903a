import type { IncomingMessage } from 'node:http';
import {
  DEFAULT_TENANT_ID,
  UNSCOPED,
  currentTenantId,
  escapeLike,
  notFound,
  recordChange,
  runInTenant,
  type FilterQuery,
  type ModuleContext,
  type Page,
  type PageRequest,
  type MadeFile,
  type RawReply,
} from '@atrium/kernel';
import { ParamsApi } from '@atrium/module/params';
import { AssetEntity, type Asset } from './asset.entity';
import type { AssetFilter, AssetView } from './asset.schemas';
import { assetsRuntime } from './assets-runtime';
import { downloadReply } from './download';
import { normaliseFilename } from './filename';
import { storeMadeFile } from './made-file';
import { receiveUpload } from './multipart-upload';
import { uploadPolicy } from './settings';
import type { SignedUrl } from './signed-url';
import { newStorageKey } from './storage/storage-key';

/**
 * The assets: rows in `assets_asset`, bytes in the chosen store. Stateless, one per call, always
 * on the request's EntityManager — so a caller's data scope narrows every read and delete.
 */
export class AssetService {
  constructor(private readonly ctx: ModuleContext) {}

  async list(page: PageRequest, filter: AssetFilter): Promise<Page<AssetView>> {
    const where: FilterQuery<Asset> = {
      ...(filter.filename !== undefined ? { filename: { $ilike: `%${escapeLike(filter.filename)}%` } } : {}),
      ...(filter.contentType !== undefined ? { contentType: filter.contentType.toLowerCase() } : {}),
    };
    // Newest first by default; the id (UUID v7, time-ordered) breaks ties so pages never overlap.
    const orderBy = { ...page.orderBy({ createdAt: 'desc' }), id: page.sort.length > 0 ? 'asc' : 'desc' } as const;
    const [rows, total] = await this.ctx.db.em().findAndCount(AssetEntity, where, { orderBy, limit: page.limit, offset: page.offset });
    return page.result(rows.map(toView), total);
  }

  async get(id: string): Promise<AssetView> {
    return toView(await this.load(id));
  }

  /**
   * Streams the upload into the store under a new key, then records it. Whatever fails — a
   * refusal, the client going away, the store, the insert — the key's bytes are deleted.
   */
  async upload(raw: IncomingMessage, createdBy: string): Promise<AssetView> {
    const { store, maxBytesCeiling } = assetsRuntime(this.ctx);
    // Read before anything else holds a connection (the embedded database has one).
    const policy = await uploadPolicy(this.ctx.use(ParamsApi), maxBytesCeiling);
    const key = newStorageKey(currentTenantId() ?? DEFAULT_TENANT_ID);
    try {
      const file = await receiveUpload(raw, store, key, policy);
      const em = this.ctx.db.em();
      const asset = em.create(AssetEntity, { storageKey: key, ...file, createdBy });
      await em.flush();
      const view = toView(asset);
      recordChange({ resource: 'asset', id: asset.id, action: 'create', after: view });
      return view;
    } catch (error) {
      await this.discard(key);
      throw error;
    }
  }

  /**
   * Streams a file the server made (an export) into the store under a new key, then records it as
   * `createdBy`'s. No upload limit or type list applies: the server wrote it, not a client. A file
   * that fails or a signal that aborts part way leaves nothing: no row, no bytes.
   */
  async keep(file: MadeFile, createdBy: string, signal?: AbortSignal): Promise<AssetView> {
    const { store } = assetsRuntime(this.ctx);
    const key = newStorageKey(currentTenantId() ?? DEFAULT_TENANT_ID);
    try {
      const stored = await storeMadeFile(store, key, file.body, signal);
      const em = this.ctx.db.em();
      const asset = em.create(AssetEntity, {
        storageKey: key,
        filename: normaliseFilename(file.fileName),
        contentType: file.contentType,
        ...stored,
        createdBy,
      });
      await em.flush();
      return toView(asset);
    } catch (error) {
      await this.discard(key);
      throw error;
    }
  }

  /** The row first: once it is gone the asset is, even if its bytes outlive it (the cleanup takes them). */
  async remove(id: string): Promise<Record<string, never>> {
    const asset = await this.load(id);
    await this.ctx.db.em().nativeDelete(AssetEntity, { id: asset.id });
    recordChange({ resource: 'asset', id: asset.id, action: 'delete', before: toView(asset) });
    await this.discard(asset.storageKey);
    return {};
  }

  async content(id: string): Promise<RawReply> {
    const asset = await this.load(id);
    return downloadReply(asset, await assetsRuntime(this.ctx).store.read(asset.storageKey));
  }

  async signUrl(id: string, expiresInSeconds: number): Promise<SignedUrl> {
    const asset = await this.load(id);
    return assetsRuntime(this.ctx).signer.sign(currentTenantId() ?? DEFAULT_TENANT_ID, asset.id, expiresInSeconds);
  }

  /**
   * A download by signed URL: the signature is checked before the asset is even looked up, then
   * the asset is looked up in the tenant the URL was signed for, and only there.
   */
  async signedContent(signed: { id: string; tenant?: string; expires?: string; signature?: string }): Promise<RawReply> {
    const { signer, store } = assetsRuntime(this.ctx);
    signer.verify({ ...signed, assetId: signed.id });
    // The signature names the asset: whoever holds the URL may fetch it, whatever their scope.
    const asset = await runInTenant(signed.tenant!, () => this.ctx.db.em().findOne(AssetEntity, { id: signed.id }, UNSCOPED));
    if (!asset) throw notFound('asset', signed.id);
    return downloadReply(asset, await store.read(asset.storageKey));
  }

  private async load(id: string): Promise<Asset> {
    const asset = await this.ctx.db.em().findOne(AssetEntity, { id });
    if (!asset) throw notFound('asset', id);
    return asset;
  }

  /** Deletes stored bytes; a failure is logged, and the cleanup task removes the orphan later. */
  private async discard(key: string): Promise<void> {
    await assetsRuntime(this.ctx)
      .store.delete(key)
      .catch((error: unknown) => {
        this.ctx.log.warn({ err: error, storageKey: key }, 'could not delete stored asset bytes: the assets.cleanup task will');
      });
  }
}

function toView(asset: Asset): AssetView {
  return {
    id: asset.id,
    filename: asset.filename,
    contentType: asset.contentType,
    size: asset.size,
    sha256: asset.sha256,
    createdAt: asset.createdAt.toISOString(),
    createdBy: asset.createdBy,
  };
}
