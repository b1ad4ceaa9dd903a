import { expect } from 'chai';
import { expectError, expectSuccess } from '../http/helpers';
import { setParam } from '../support/identity';
import { startInstances, type Instances } from '../support/instances';
import { ADMIN } from '../support/server';
import { download, upload } from './helpers';
import { TEXT } from './samples';

/**
 * Two instances on one PostgreSQL (and Redis), their local stores on one shared folder: what
 * several instances behind a load balancer see. Skipped without DATABASE_URL and REDIS_URL.
 */
describe('assets across two instances', () => {
  let instances: Instances | null;
  before(async function () {
    instances = await startInstances();
    if (!instances) this.skip();
  });
  after(() => instances?.stop());

  it('signs with one secret: a URL made by one instance opens on the other', async () => {
    const { first, second } = instances!;
    const { id } = expectSuccess(await upload(first, 'shared.txt', TEXT), 201).data as { id: string };
    const { url } = expectSuccess(await first.http().post(`/api/v1/assets/${id}/signed-url`).set('Authorization', ADMIN).send({})).data as { url: string };
    const res = await download(second, url);
    expect(res.status).to.equal(200);
    expect((res.body as Buffer).equals(TEXT)).to.equal(true);
  });

  it('holds uploads on every instance to a limit changed through one', async () => {
    const { first, second } = instances!;
    // The second has read (and cached) the limit before the change.
    expectSuccess(await upload(second, 'fits.txt', Buffer.alloc(101, 'a')), 201);
    await setParam(first, 'assets.upload.maxBytes', '100');
    try {
      expectError(await upload(second, 'over.txt', Buffer.alloc(101, 'a')), 413, 'ASSET_TOO_LARGE_413');
    } finally {
      await setParam(first, 'assets.upload.maxBytes', String(10 * 1024 * 1024));
    }
  });
});
