import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry } from './support/module-folder';

/**
 * watcher names only `kernel.modules`: it reads the loaded modules, and every other part of
 * ctx.kernel (enabling modules, loading folders, the catalog, names, health) is refused with the
 * word its manifest lacks. everything names `kernel`, the word that grants every part.
 */
describe('ctx.kernel: one narrow capability per part', () => {
  let server: TestServer;
  const folders = new ModuleFolders();
  const probe = (id: string) =>
    entry(
      `  routes: [
    defineRoute({
      method: 'GET', path: '/${id}/{part}', public: true, summary: 'Touches one part of ctx.kernel',
      params: Type.Object({ part: Type.String() }),
      handler: ({ params }, ctx) => {
        try {
          const part = (ctx.kernel as unknown as Record<string, unknown>)[params.part];
          return { granted: part !== undefined };
        } catch (error) {
          return { refused: (error as Error).name + ': ' + (error as Error).message };
        }
      },
    }),
    defineRoute({
      method: 'GET', path: '/${id}-modules', public: true, summary: 'Lists the modules through kernel.modules',
      handler: (_req, ctx) => ({ ids: ctx.kernel.modules.list().map((m) => m.id) }),
    }),
  ],`,
      ['defineRoute', 'Type'],
    );
  const watcher = folders.write('watcher', { manifest: { capabilities: ['http', 'kernel.modules'] }, files: { 'index.ts': probe('watcher') } });
  const everything = folders.write('everything', { manifest: { capabilities: ['http', 'kernel'] }, files: { 'index.ts': probe('everything') } });
  before(async () => {
    server = await startTestServer({ modulePaths: [watcher, everything] });
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });

  const touch = async (id: string, part: string) => (await server.http().get(`/api/v1/${id}/${part}`)).body.data as { granted?: boolean; refused?: string };

  it('hands a module the part its manifest names', async () => {
    expect(await touch('watcher', 'modules')).to.deep.equal({ granted: true });
    const ids = ((await server.http().get('/api/v1/watcher-modules')).body.data as { ids: string[] }).ids;
    expect(ids).to.include.members(['system', 'watcher', 'everything']);
  });

  for (const part of ['lifecycle', 'catalog', 'names', 'health']) {
    it(`refuses ctx.kernel.${part} to a module that names only kernel.modules, saying to add "kernel.${part}"`, async () => {
      const manifest = `${watcher}/manifest.json`;
      expect(await touch('watcher', part)).to.deep.equal({
        refused: `CapabilityError: module "watcher" has no "kernel.${part}" capability: add "kernel.${part}" to "capabilities" in ${manifest}`,
      });
    });
  }

  it('grants every part to a module whose manifest names "kernel"', async () => {
    for (const part of ['modules', 'lifecycle', 'catalog', 'names', 'health']) expect(await touch('everything', part)).to.deep.equal({ granted: true });
  });
});
