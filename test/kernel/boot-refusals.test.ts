import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '../../kernel/boot-error';
import type { ModuleProblem } from '../../kernel/modules/module-problem';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer } from '../support/server';
import { ModuleFolders, entry, migration, permission } from './support/module-folder';

/**
 * Each case writes real module folders and boots the real kernel on them: the boot must stop
 * with a BootError whose every line names the module and the file to open.
 */
describe('a boot that refuses its modules', () => {
  let folders: ModuleFolders;
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.cleanup());
  beforeEach(() => {
    folders = new ModuleFolders();
  });
  afterEach(() => folders.remove());

  async function refusal(...modulePaths: string[]): Promise<BootError> {
    let server;
    try {
      server = await startTestServer({ modulePaths, database });
    } catch (error) {
      if (error instanceof BootError) return error;
      throw error;
    }
    await server.stop();
    throw new Error('the kernel booted, but it should have refused the modules');
  }

  /** The problem of `moduleId` in `file` whose message contains every fragment, also as a line of the message. */
  function expectProblem(error: BootError, moduleId: string, file: string, ...fragments: string[]): ModuleProblem {
    const found = error.problems.find((p) => p.moduleId === moduleId && p.file === file && fragments.every((f) => p.message.includes(f)));
    expect(found, `no problem of ${moduleId} in ${file} saying ${fragments.join(' … ')}; the boot said:\n${error.message}`).to.not.equal(undefined);
    expect(error.message.split('\n')).to.include(`${moduleId} (${file}): ${found!.message}`);
    return found!;
  }

  const manifestOf = (dir: string) => path.join(dir, 'manifest.json');
  const entryOf = (dir: string) => path.join(dir, 'index.ts');

  const pingRoute = (moduleId: string, routePath = `/${moduleId}/ping`, permissionCode = `${moduleId}:ping:query`) =>
    `  routes: [defineRoute({ method: 'GET', path: '${routePath}', permission: '${permissionCode}', summary: 'ping', handler: () => ({}) })],`;

  it('reports every resolve problem at once: a missing dependency, a range the version misses and a cycle with its path', async () => {
    const needy = folders.write('needy', { manifest: { dependsOn: ['absent'] } }, 'graph');
    folders.write('base', { manifest: { version: '1.4.0' } }, 'graph');
    const picky = folders.write('picky', { manifest: { dependsOn: ['base@^2.0.0'] } }, 'graph');
    const cycA = folders.write('cyc-a', { manifest: { dependsOn: ['cyc-b'] } }, 'graph');
    folders.write('cyc-b', { manifest: { dependsOn: ['cyc-c'] } }, 'graph');
    folders.write('cyc-c', { manifest: { dependsOn: ['cyc-a'] } }, 'graph');

    const error = await refusal(path.join(folders.root, 'graph'));
    expectProblem(error, 'needy', manifestOf(needy), '"absent"');
    expectProblem(error, 'picky', manifestOf(picky), '^2.0.0', '1.4.0');
    expectProblem(error, 'cyc-a', manifestOf(cycA), 'cyc-a -> cyc-b -> cyc-c -> cyc-a');
    expect(error.problems).to.have.length(3);
  });

  it('refuses a route whose permission the manifest does not declare', async () => {
    const dir = folders.write('loose', {
      manifest: { capabilities: ['http'] },
      files: { 'index.ts': entry(pingRoute('loose'), ['defineRoute']) },
    });
    const error = await refusal(dir);
    expectProblem(error, 'loose', entryOf(dir), 'GET /api/v1/loose/ping', 'loose:ping:query', 'not declared', `"permissions" in ${manifestOf(dir)}`);
  });

  it('refuses a declared permission that no route, menu or code uses', async () => {
    const dir = folders.write('hoarder', { manifest: { permissions: [permission('hoarder:thing:query')] } });
    const error = await refusal(dir);
    expectProblem(error, 'hoarder', manifestOf(dir), 'hoarder:thing:query is declared but no route, menu or permissionsCheckedInCode');
  });

  it('refuses a public API the code provides but the manifest does not list', async () => {
    const dir = folders.write('giver', {
      files: { 'index.ts': entry(`  provides: [provide(publicApi<{ n: number }>('giver.Thing'), () => ({ n: 1 }))],`, ['provide', 'publicApi']) },
    });
    const error = await refusal(dir);
    expectProblem(error, 'giver', entryOf(dir), 'public API giver.Thing', `"publicApis" in ${manifestOf(dir)}`);
  });

  it('refuses a public API the manifest lists but the code does not provide', async () => {
    const dir = folders.write('lister', { manifest: { publicApis: ['lister.Thing'] } });
    const error = await refusal(dir);
    expectProblem(error, 'lister', manifestOf(dir), 'lists public API lister.Thing, which the code does not provide');
  });

  it('refuses a contribution to an SPI the manifest does not list', async () => {
    const dir = folders.write('helper', {
      files: {
        'index.ts': entry(`  contributes: [contribute(AuthenticatorSpi, () => ({ authenticate: async () => null }))],`, ['contribute', 'AuthenticatorSpi']),
      },
    });
    const error = await refusal(dir);
    expectProblem(error, 'helper', entryOf(dir), 'SPI kernel.authenticator', `"spi" in ${manifestOf(dir)}`);
  });

  it('refuses an SPI the manifest lists but the code contributes nothing to', async () => {
    const dir = folders.write('idle', { manifest: { spi: ['kernel.authenticator'] } });
    const error = await refusal(dir);
    expectProblem(error, 'idle', manifestOf(dir), 'lists SPI kernel.authenticator, to which the code contributes nothing');
  });

  it('refuses a module that takes the id "kernel", which names the kernel and its SPIs', async () => {
    const dir = folders.write('kernel', {});
    const error = await refusal(dir);
    expectProblem(error, 'kernel', manifestOf(dir), 'id "kernel" is the kernel\'s own', 'kernel.authenticator', 'give the module another id');
  });

  it('refuses a contribution to an SPI of a module that is not in dependsOn', async () => {
    folders.write('hub', {}, 'pair');
    const spoke = folders.write(
      'spoke',
      {
        manifest: { spi: ['hub.Plugin'] },
        files: { 'index.ts': entry(`  contributes: [contribute(spi<{ name: string }>('hub.Plugin'), () => ({ name: 'spoke' }))],`, ['contribute', 'spi']) },
      },
      'pair',
    );
    const error = await refusal(path.join(folders.root, 'pair'));
    expectProblem(error, 'spoke', entryOf(spoke), 'SPI hub.Plugin belongs to module "hub"', `add "hub" to "dependsOn" in ${manifestOf(spoke)}`);
  });

  it('refuses a migration file the manifest does not declare', async () => {
    const dir = folders.write('migrant', {
      manifest: { capabilities: ['db'], migrations: ['0001-create'] },
      files: { 'migrations/0001-create.ts': migration('select 1'), 'migrations/0002-extra.ts': migration('select 2') },
    });
    const error = await refusal(dir);
    expectProblem(
      error,
      'migrant',
      path.join(dir, 'migrations', '0002-extra.ts'),
      'migration file "0002-extra" is not declared',
      `"migrations" in ${manifestOf(dir)}`,
    );
  });

  it('refuses a declared migration whose file is missing', async () => {
    const dir = folders.write('forgetful', {
      manifest: { capabilities: ['db'], migrations: ['0001-create', '0002-absent'] },
      files: { 'migrations/0001-create.ts': migration('select 1') },
    });
    const error = await refusal(dir);
    expectProblem(error, 'forgetful', manifestOf(dir), 'migration "0002-absent" is declared but migrations/0002-absent.ts (or .js) does not exist');
  });

  it('refuses a spec file that does not exist', async () => {
    const dir = folders.write('unwritten', { manifest: { spec: 'SPEC.md' } });
    const error = await refusal(dir);
    expectProblem(error, 'unwritten', manifestOf(dir), '"spec" names SPEC.md, which is not a file inside the module folder');
  });

  it('refuses a capability the kernel does not offer', async () => {
    const dir = folders.write('psychic', { manifest: { capabilities: ['http', 'telepathy'] } });
    const error = await refusal(dir);
    expectProblem(error, 'psychic', manifestOf(dir), 'unknown capability "telepathy"', 'http, db');
  });

  it('refuses routes without the http capability', async () => {
    const dir = folders.write('mute', {
      manifest: { permissions: [permission('mute:ping:query')] },
      files: { 'index.ts': entry(pingRoute('mute'), ['defineRoute']) },
    });
    const error = await refusal(dir);
    expectProblem(error, 'mute', entryOf(dir), 'declares routes', `add "http" to "capabilities" in ${manifestOf(dir)}`);
  });

  it('refuses migrations without the db capability', async () => {
    const dir = folders.write('schemer', {
      manifest: { migrations: ['0001-create'] },
      files: { 'migrations/0001-create.ts': migration('create table schemer_things (id int primary key)') },
    });
    const error = await refusal(dir);
    expectProblem(error, 'schemer', manifestOf(dir), 'has migrations', `add "db" to "capabilities" in ${manifestOf(dir)}`);
  });

  it('refuses a permission whose owner is neither the module nor one it depends on', async () => {
    const dir = folders.write('squatter', {
      manifest: {
        permissions: [permission('squatter:thing:query', 'stranger')],
        menus: [{ title: 'Things', path: '/things', component: 'things/index', permission: 'squatter:thing:query' }],
      },
    });
    const error = await refusal(dir);
    expectProblem(error, 'squatter', manifestOf(dir), 'permission squatter:thing:query names owner "stranger"');
  });

  it('refuses a menu whose permission neither the module nor a dependency declares', async () => {
    const dir = folders.write('signpost', {
      manifest: { menus: [{ title: 'Things', path: '/things', component: 'things/index', permission: 'elsewhere:thing:query' }] },
    });
    const error = await refusal(dir);
    expectProblem(error, 'signpost', manifestOf(dir), 'menu "Things" needs permission elsewhere:thing:query');
  });

  it('refuses an error code another module already declares', async () => {
    const errors = entry(`  errors: defineErrors({ SHARED_THING_TAKEN_409: { en: 'Taken.', zh: '已占用。' } }),`, ['defineErrors']);
    folders.write('first-errs', { files: { 'index.ts': errors } }, 'errs');
    const second = folders.write('second-errs', { files: { 'index.ts': errors } }, 'errs');
    const error = await refusal(path.join(folders.root, 'errs'));
    expectProblem(error, 'second-errs', entryOf(second), 'error code SHARED_THING_TAKEN_409 is already declared by first-errs');
  });

  it('refuses an error code the kernel already declares', async () => {
    const dir = folders.write('copycat', {
      files: { 'index.ts': entry(`  errors: defineErrors({ SYSTEM_NOT_FOUND_404: { en: 'Gone.', zh: '没有。' } }),`, ['defineErrors']) },
    });
    const error = await refusal(dir);
    expectProblem(error, 'copycat', entryOf(dir), 'error code SYSTEM_NOT_FOUND_404 is already declared by kernel');
  });

  it('refuses two modules serving the same route', async () => {
    for (const id of ['route-one', 'route-two']) {
      folders.write(
        id,
        {
          manifest: { capabilities: ['http'], permissions: [permission(`${id}:thing:query`)] },
          files: { 'index.ts': entry(pingRoute(id, '/shared/things', `${id}:thing:query`), ['defineRoute']) },
        },
        'routes',
      );
    }
    const error = await refusal(path.join(folders.root, 'routes'));
    expectProblem(
      error,
      'route-two',
      entryOf(path.join(folders.root, 'routes', 'route-two')),
      'route GET /api/v1/shared/things is already served by module "route-one"',
    );
  });

  it('refuses two modules serving the same route under different parameter names', async () => {
    const ids = { 'param-one': '{id}', 'param-two': '{thingId}' };
    for (const [id, param] of Object.entries(ids)) {
      folders.write(
        id,
        {
          manifest: { capabilities: ['http'], permissions: [permission(`${id}:thing:query`)] },
          files: { 'index.ts': entry(pingRoute(id, `/shared/things/${param}`, `${id}:thing:query`), ['defineRoute']) },
        },
        'params',
      );
    }
    const error = await refusal(path.join(folders.root, 'params'));
    expectProblem(
      error,
      'param-two',
      entryOf(path.join(folders.root, 'params', 'param-two')),
      'GET /api/v1/shared/things/{thingId} is already served by module "param-one"',
    );
  });

  it('refuses two modules mapping an entity of the same name', async () => {
    const note = `import { defineEntity } from '@mikro-orm/core';\nexport const Note = defineEntity({ name: 'Note', properties: (p) => ({ id: p.integer().primary() }) });\n`;
    for (const id of ['notes-one', 'notes-two']) {
      folders.write(
        id,
        {
          manifest: { capabilities: ['db'] },
          files: { 'note.entity.ts': note, 'index.ts': `import { Note } from './note.entity';\n${entry('  entities: [Note],')}` },
        },
        'entities',
      );
    }
    const error = await refusal(path.join(folders.root, 'entities'));
    expectProblem(error, 'notes-two', entryOf(path.join(folders.root, 'entities', 'notes-two')), 'entity Note is already mapped by module "notes-one"');
  });

  it('refuses an entry that does not `export default defineModule(...)`', async () => {
    const dir = folders.write('plain', { files: { 'index.ts': `export default { routes: [] };\n` } });
    const error = await refusal(dir);
    expectProblem(error, 'plain', entryOf(dir), 'the entry must `export default defineModule({...})`');
  });

  it('refuses an entry that exports its definition under another name', async () => {
    const dir = folders.write('named', { files: { 'index.ts': `import { defineModule } from '@atrium/kernel';\nexport const named = defineModule({});\n` } });
    const error = await refusal(dir);
    expectProblem(error, 'named', entryOf(dir), 'the entry must `export default defineModule({...})`');
  });

  it('refuses an entry that throws when required, with what it threw', async () => {
    const dir = folders.write('fragile', { files: { 'index.ts': `throw new Error('NOTIFY_URL is not set');\n` } });
    const error = await refusal(dir);
    expectProblem(error, 'fragile', entryOf(dir), 'cannot load the entry: NOTIFY_URL is not set');
  });

  it('stops the boot when a module’s start() throws, naming the module and its entry', async () => {
    const dir = folders.write('unready', { files: { 'index.ts': entry(`  start: () => { throw new Error('SMTP_HOST is not set'); },`) } });
    const error = await refusal(dir);
    expectProblem(error, 'unready', entryOf(dir), 'start() failed: SMTP_HOST is not set');
  });

  it('reports the problems of several modules in one refusal', async () => {
    const hoarder = folders.write('hoarder', { manifest: { permissions: [permission('hoarder:thing:query')] } }, 'many');
    const psychic = folders.write('psychic', { manifest: { capabilities: ['telepathy'] } }, 'many');
    const error = await refusal(path.join(folders.root, 'many'));
    expectProblem(error, 'hoarder', manifestOf(hoarder), 'hoarder:thing:query');
    expectProblem(error, 'psychic', manifestOf(psychic), 'telepathy');
  });
});
