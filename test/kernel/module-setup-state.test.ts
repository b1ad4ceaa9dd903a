import { expect } from 'chai';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { ModuleFolders, entry } from './support/module-folder';

/**
 * counter keeps its state the one way: setup() returns it, its route, public API and stop() read
 * it as ctx.state. stateless has no setup(), so reading ctx.state is an error saying so.
 */
describe('module state: what setup() returns, read as ctx.state', () => {
  let server: TestServer;
  const folders = new ModuleFolders();
  const counter = folders.write('counter', {
    manifest: { capabilities: ['http'] },
    files: {
      'index.ts': entry(
        `  setup: (ctx) => {
    setups += 1;
    return { setupNumber: setups, hits: 0, module: ctx.id };
  },
  start: (ctx) => {
    ctx.state.hits = 100;
  },
  stop: (ctx) => {
    stoppedWith.push(ctx.state.setupNumber);
  },
  routes: [
    defineRoute({
      method: 'GET', path: '/counter', public: true, summary: 'Counts',
      handler: (_req, ctx) => {
        const state = ctx.state as { setupNumber: number; hits: number; module: string };
        state.hits += 1;
        return { ...state, stoppedWith };
      },
    }),
  ],`,
        ['defineRoute'],
        'let setups = 0;\nconst stoppedWith: number[] = [];',
      ),
    },
  });
  const stateless = folders.write('stateless', {
    manifest: { capabilities: ['http'] },
    files: {
      'index.ts': entry(
        `  routes: [
    defineRoute({
      method: 'GET', path: '/stateless', public: true, summary: 'Reads a state it never made',
      handler: (_req, ctx) => {
        try {
          return { state: ctx.state };
        } catch (error) {
          return { refused: (error as Error).message };
        }
      },
    }),
  ],`,
        ['defineRoute'],
      ),
    },
  });
  before(async () => {
    server = await startTestServer({ modulePaths: [counter, stateless] });
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });

  const count = async () =>
    (await server.http().get('/api/v1/counter')).body.data as { setupNumber: number; hits: number; module: string; stoppedWith: number[] };

  it('hands routes what setup() returned, after start() has run with it', async () => {
    const first = await count();
    expect(first).to.include({ setupNumber: 1, hits: 101, module: 'counter' });
    expect((await count()).hits).to.equal(102);
  });

  it('drops the state at stop() and makes a fresh one when the module is enabled again', async () => {
    expect((await server.http().post('/api/v1/system/modules/counter/disable').set('Authorization', ADMIN)).status).to.equal(200);
    expect((await server.http().post('/api/v1/system/modules/counter/enable').set('Authorization', ADMIN)).status).to.equal(200);
    const again = await count();
    expect(again).to.include({ setupNumber: 2, hits: 101 });
    expect(again.stoppedWith).to.deep.equal([1]);
  });

  it('refuses ctx.state in a module without setup(), saying so', async () => {
    const res = await server.http().get('/api/v1/stateless');
    expect(res.body.data).to.deep.equal({ refused: 'module "stateless" has no state: its definition has no setup()' });
  });
});
