import { expect } from 'chai';
import { ADMIN, type TestServer } from '../support/server';
import { abandon } from './abandon';
import { eventually, startEchoServer } from './helpers';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format, the sample lines only. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line)!;
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

describe('HTTP metrics (/metrics)', () => {
  let server: TestServer;
  before(async () => {
    server = await startEchoServer();
  });
  after(() => server.stop());

  async function scrape(): Promise<{ text: string; samples: Sample[] }> {
    const res = await server.http().get('/metrics');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
    return { text: res.text, samples: parse(res.text) };
  }

  const find = (samples: Sample[], name: string, labels: Record<string, string>): Sample | undefined =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

  it('counts requests by method, route template and status', async () => {
    for (let i = 0; i < 3; i++) await server.http().get('/api/v1/system/health').expect(200);
    const { text, samples } = await scrape();
    expect(text).to.include('atrium_http_requests_total{method="GET",route="/api/v1/system/health",status="200"} 3');
    expect(find(samples, 'atrium_http_requests_total', { method: 'GET', route: '/api/v1/system/health', status: '200' })!.value).to.equal(3);
  });

  it('measures request duration as a histogram with the same labels', async () => {
    const { samples } = await scrape();
    const labels = { method: 'GET', route: '/api/v1/system/health', status: '200' };
    expect(find(samples, 'atrium_http_request_duration_seconds_count', labels)!.value).to.be.at.least(3);
    expect(find(samples, 'atrium_http_request_duration_seconds_sum', labels)!.value).to.be.greaterThan(0);
    const infinite = find(samples, 'atrium_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })!;
    expect(infinite.value).to.equal(find(samples, 'atrium_http_request_duration_seconds_count', labels)!.value);
  });

  it('labels a templated route by its template, never its concrete path', async () => {
    for (const id of ['item-01', 'item-02', 'item-03']) await server.http().get(`/api/v1/echo/items/${id}`).set('Authorization', ADMIN).expect(200);
    await server.http().get('/api/v1/echo/items/item-99').set('Authorization', ADMIN).expect(404);
    const { text, samples } = await scrape();
    expect(find(samples, 'atrium_http_requests_total', { route: '/api/v1/echo/items/{id}', status: '200' })!.value).to.equal(3);
    expect(find(samples, 'atrium_http_requests_total', { route: '/api/v1/echo/items/{id}', status: '404' })!.value).to.equal(1);
    expect(text).to.not.include('item-01');
  });

  it('counts error statuses of a matched route under its template', async () => {
    await server.http().get('/api/v1/echo/items').expect(401);
    await server.http().get('/api/v1/echo/crash').expect(500);
    const { samples } = await scrape();
    expect(find(samples, 'atrium_http_requests_total', { method: 'GET', route: '/api/v1/echo/items', status: '401' })!.value).to.equal(1);
    expect(find(samples, 'atrium_http_requests_total', { method: 'GET', route: '/api/v1/echo/crash', status: '500' })!.value).to.equal(1);
  });

  it('labels every unmatched request "unmatched", so cardinality stays bounded', async () => {
    const paths = ['/api/v1/a', '/api/v1/b/c', '/nowhere', '/api/v1/probe-123', '/wp-login.php'];
    for (const path of paths) await server.http().get(path).expect(404);
    await server.http().delete('/api/v1/system/health').expect(404);
    const { text, samples } = await scrape();
    expect(find(samples, 'atrium_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })!.value).to.equal(paths.length);
    expect(find(samples, 'atrium_http_requests_total', { method: 'DELETE', route: 'unmatched', status: '404' })!.value).to.equal(1);
    for (const path of paths) expect(text).to.not.include(`route="${path}"`);
  });

  it('counts a request the client abandoned as status 499 under its route', async () => {
    await abandon(server.url, '/api/v1/echo/items');
    const sample = await eventually(async () => find((await scrape()).samples, 'atrium_http_requests_total', { route: '/api/v1/echo/items', status: '499' }));
    expect(sample.value).to.equal(1);
  });

  it('exposes the process metrics (CPU, memory, event loop)', async () => {
    const { samples } = await scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_cpu_system_seconds_total', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(
        samples.some((s) => s.name === name),
        name,
      ).to.equal(true);
    }
  });
});
