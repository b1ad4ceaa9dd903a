import { expect } from 'chai';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry } from './support/module-folder';

/**
 * lo-app needs lo-mid and lo-zeta; lo-mid and lo-aux need lo-base. Modules ready at the same
 * time load smallest id first, so the order is fixed by the graph, not by the disk.
 */
describe('the load order', () => {
  const graph: Record<string, string[]> = {
    'lo-app': ['lo-mid', 'lo-zeta'],
    'lo-aux': ['lo-base'],
    'lo-base': [],
    'lo-mid': ['lo-base@^1.0.0'],
    'lo-zeta': [],
  };
  const expected = ['lo-base', 'lo-aux', 'lo-mid', 'lo-zeta', 'lo-app'];
  let folders: ModuleFolders;
  let server: TestServer | undefined;

  const hooks = (hook: string) => server!.logs.filter((line) => line.hook === hook && String(line.module).startsWith('lo-')).map((line) => line.module);

  before(async () => {
    folders = new ModuleFolders();
    for (const [id, dependsOn] of Object.entries(graph)) {
      folders.write(
        id,
        {
          manifest: { dependsOn },
          files: {
            'index.ts': entry(`  start: (ctx) => ctx.log.info({ hook: 'start' }, 'started'),\n  stop: (ctx) => ctx.log.info({ hook: 'stop' }, 'stopped'),`),
          },
        },
        'graph',
      );
    }
    server = await startTestServer({ modulePaths: [`${folders.root}/graph`], captureLogs: true });
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });

  it('loads modules in topological order, ties broken by id, as GET /api/v1/system/modules lists them', async () => {
    const res = await server!.http().get('/api/v1/system/modules').query({ pageSize: 200 }).set('Authorization', ADMIN);
    expect(res.status).to.equal(200);
    const modules = res.body.data.items as { id: string; dependsOn: string[] }[];
    const ids = modules.map((m) => m.id);
    expect(ids.filter((id) => id.startsWith('lo-'))).to.deep.equal(expected);
    // Every other module (the built-ins, the test authenticator) also comes after what it needs.
    const position = new Map(ids.map((id, index) => [id, index]));
    for (const module of modules) {
      for (const dependency of module.dependsOn.map((d) => d.split('@')[0])) {
        expect(position.get(dependency), `${dependency} before ${module.id}`).to.be.lessThan(position.get(module.id)!);
      }
    }
  });

  it('runs start hooks in load order', () => {
    expect(hooks('start')).to.deep.equal(expected);
  });

  it('runs stop hooks in reverse load order when the kernel stops', async () => {
    const running = server!;
    server = undefined;
    await running.stop();
    expect(running.logs.filter((line) => line.hook === 'stop').map((line) => line.module)).to.deep.equal([...expected].reverse());
  });
});
