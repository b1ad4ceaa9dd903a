import { expect } from 'chai';
import { ModuleFolders, entry } from '../kernel/support/module-folder';
import { ADMIN, startTestServer, type TestServer } from '../support/server';
import { expectError, expectSuccess, requestLine } from './helpers';

/** A public GET route answering which route it is and the parameters it was given. */
function echoRoute(name: string, path: string, params: string[]): string {
  const schema = params.map((p) => `${p}: Type.String()`).join(', ');
  return `defineRoute({
    method: 'GET', path: '${path}', public: true, summary: '${name}',
    ${params.length > 0 ? `params: Type.Object({ ${schema} }),` : ''}
    handler: ({ params }) => ({ route: '${name}', params }),
  })`;
}

/** A module serving `routes` (declared in that order), written as a module folder. */
function moduleWith(folders: ModuleFolders, id: string, routes: string[]): string {
  return folders.write(id, {
    manifest: { capabilities: ['http'] },
    files: { 'index.ts': entry(`  routes: [${routes.join(',\n')}],`, ['defineRoute', 'Type']) },
  });
}

/** How a request is matched to a route: the radix tree of kernel/http/route-dispatch.ts. */
describe('route dispatch', () => {
  let server: TestServer;
  const folders = new ModuleFolders();
  before(async () => {
    const shelf = moduleWith(folders, 'shelf', [
      // The template is declared before the literal it could swallow: an express router, which
      // tries routes in declaration order, would answer /shelf/books/featured with it.
      echoRoute('book', '/shelf/books/{id}', ['id']),
      echoRoute('featured', '/shelf/books/featured', []),
      echoRoute('page', '/shelf/books/{id}/pages/{page}', ['id', 'page']),
    ]);
    server = await startTestServer({ modulePaths: [shelf], captureLogs: true });
  });
  after(async () => {
    await server?.stop();
    folders.remove();
  });

  const get = (url: string) => server.http().get(url);
  const data = async (url: string) => expectSuccess(await get(url)).data as { route: string; params: Record<string, string> };

  it('answers a literal segment with its own route, though a template declared before it matches too', async () => {
    expect(await data('/api/v1/shelf/books/featured')).to.deep.equal({ route: 'featured', params: {} });
    expect(await data('/api/v1/shelf/books/b-1')).to.deep.equal({ route: 'book', params: { id: 'b-1' } });
  });

  it('labels logs and metrics with the template that matched', async () => {
    const literal = expectSuccess(await get('/api/v1/shelf/books/featured'));
    const templated = expectSuccess(await get('/api/v1/shelf/books/b-1/pages/7'));
    expect((await requestLine(server, literal.traceId as string)).route).to.equal('/api/v1/shelf/books/featured');
    expect((await requestLine(server, templated.traceId as string)).route).to.equal('/api/v1/shelf/books/{id}/pages/{page}');
  });

  it('hands each parameter over percent-decoded once, an encoded slash included', async () => {
    expect((await data('/api/v1/shelf/books/a%20b%2Fc%2525/pages/%C3%BC+1')).params).to.deep.equal({ id: 'a b/c%25', page: 'ü+1' });
  });

  it('matches a parameter of any length (the radix tree’s own default stops at 100 characters)', async () => {
    const id = 'x'.repeat(1000);
    expect((await data(`/api/v1/shelf/books/${id}`)).params).to.deep.equal({ id });
  });

  it('answers 400 VALIDATION_FAILED_400 naming the parameter that is not valid percent-encoding', async () => {
    const body = expectError(await get('/api/v1/shelf/books/b-1/pages/%E0%A4%A'), 400, 'VALIDATION_FAILED_400');
    expect(body.details).to.have.length(1);
    expect(body.details[0]).to.include({ field: '/params/page', rule: 'percentEncoding' });
  });

  it('answers that 400 under the request’s own traceId (the refusal is thrown within its context)', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const res = await server.http().get('/api/v1/shelf/books/b-1/pages/%E0%A4%A').set('traceparent', traceparent);
    expect(expectError(res, 400, 'VALIDATION_FAILED_400').traceId).to.equal('0af7651916cd43dd8448eb211c80319c');
  });

  it('compares literal segments as sent: neither another letter case nor a percent-encoded letter reaches a route', async () => {
    for (const url of ['/api/v1/shelf/book%73/b-1', '/api/v1/SHELF/books/b-1', '/api/v1/shelf/Books/b-1', '/API/V1/shelf/books/featured']) {
      expectError(await get(url), 404, 'SYSTEM_NOT_FOUND_404');
    }
    expect((await data('/api/v1/shelf/books/FEATURED')).route).to.equal('book');
  });

  it('ignores one trailing slash, and never matches an empty parameter', async () => {
    expect(await data('/api/v1/shelf/books/featured/')).to.deep.equal({ route: 'featured', params: {} });
    expect(await data('/api/v1/shelf/books/b-1/')).to.deep.equal({ route: 'book', params: { id: 'b-1' } });
    for (const url of ['/api/v1/shelf/books//', '/api/v1/shelf/books/b-1//', '/api/v1/shelf/books//pages/1', '/api/v1/shelf/books/b-1/pages/']) {
      expectError(await get(url), 404, 'SYSTEM_NOT_FOUND_404');
    }
  });

  it('answers HEAD with the GET route’s status and headers, without a body', async () => {
    const res = await server.http().head('/api/v1/shelf/books/b-1');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    expect(res.text ?? '').to.equal('');
  });

  it('answers 404 SYSTEM_NOT_FOUND_404 for a method the path does not declare, OPTIONS included', async () => {
    expectError(await server.http().delete('/api/v1/shelf/books/b-1'), 404, 'SYSTEM_NOT_FOUND_404');
    expectError(await server.http().post('/api/v1/shelf/books/featured').send({}), 404, 'SYSTEM_NOT_FOUND_404');
    const options = await server.http().options('/api/v1/shelf/books/b-1');
    expectError(options, 404, 'SYSTEM_NOT_FOUND_404');
    expect(options.headers.allow).to.equal(undefined);
  });

  it('serves a module loaded live beside the others, and stops serving it once disabled', async () => {
    const late = moduleWith(folders, 'late-shelf', [echoRoute('late', '/late-shelf/items/{id}', ['id'])]);
    await server.kernel.loadModule(late);
    expect(await data('/api/v1/late-shelf/items/i%201')).to.deep.equal({ route: 'late', params: { id: 'i 1' } });
    expect((await data('/api/v1/shelf/books/featured')).route).to.equal('featured');

    const disabled = await server.http().post('/api/v1/system/modules/late-shelf/disable').set('Authorization', ADMIN);
    expect(disabled.status, disabled.text).to.equal(200);
    expectError(await get('/api/v1/late-shelf/items/i1'), 404, 'SYSTEM_NOT_FOUND_404');
    expect((await data('/api/v1/shelf/books/b-1')).route).to.equal('book');
  });
});
