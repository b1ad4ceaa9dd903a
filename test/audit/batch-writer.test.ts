import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger } from '../../kernel/logging/logger';
import { BatchWriter, type BatchWriterOptions } from '../../modules/audit/batch-writer';
import { eventually } from './helpers';

/**
 * The audit module's queue on its own, against a `write` that records what it was given and
 * fails on demand: what the database sees, in which batches, and when.
 */
describe('the audit batch writer', () => {
  let writers: BatchWriter[] = [];
  afterEach(async () => {
    for (const writer of writers) await writer.stop(0);
    writers = [];
  });

  function harness(options: Partial<BatchWriterOptions> = {}) {
    const batches: number[][] = [];
    const lines: Record<string, unknown>[] = [];
    const state = { failing: false, attempts: [] as number[] };
    const log = createLogger('info', new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString())), done()) }));
    const writer = new BatchWriter({
      what: 'test records',
      log,
      intervalMs: 50,
      batchSize: 3,
      firstBackoffMs: 40,
      maxBackoffMs: 100,
      async write(json) {
        state.attempts.push(Date.now());
        if (state.failing) throw new Error('relation does not exist');
        batches.push((JSON.parse(json) as { n: number }[]).map((r) => r.n));
      },
      ...options,
    });
    writers.push(writer);
    const add = (...ns: number[]) => ns.forEach((n) => writer.add(JSON.stringify({ n, text: 'é✓' })));
    return { writer, batches, lines, state, add };
  }

  it('writes a full batch at once and the rest at the next tick, as JSON arrays of the records', async () => {
    const { writer, batches, add } = harness({ intervalMs: 10_000 });
    writer.start();
    add(1, 2, 3, 4);
    await eventually('the full batch', async () => batches.length > 0);
    expect(batches).to.deep.equal([[1, 2, 3]]);
    expect(writer.pending).to.equal(1);
  });

  it('writes everything queued at each tick', async () => {
    const { writer, batches, add } = harness();
    writer.start();
    add(1, 2);
    await eventually('the first tick', async () => batches.length === 1);
    add(3);
    await eventually('the next tick', async () => batches.length === 2);
    expect(batches).to.deep.equal([[1, 2], [3]]);
    expect(writer.pending).to.equal(0);
  });

  it('keeps a refused batch, in order, and retries with growing waits until the database takes it', async () => {
    const { writer, batches, state, lines, add } = harness();
    state.failing = true;
    writer.start();
    add(1, 2);
    await eventually('three refused attempts', async () => state.attempts.length >= 3);
    add(3, 4, 5);
    const waits = state.attempts.slice(1).map((t, i) => t - state.attempts[i]);
    expect(waits[0]).to.be.at.least(40);
    expect(waits[1]).to.be.at.least(80);
    expect(batches).to.deep.equal([]);
    state.failing = false;
    await eventually('every record', async () => batches.flat().length === 5);
    expect(batches.flat()).to.deep.equal([1, 2, 3, 4, 5]);
    expect(lines.some((l) => l.msg === 'could not write test records: keeping them to retry')).to.equal(true);
    expect(lines.some((l) => l.msg === 'writing test records again')).to.equal(true);
  });

  it('writes everything on stop, without waiting for a tick', async () => {
    const { writer, batches, add } = harness({ intervalMs: 10_000 });
    writer.start();
    add(1, 2);
    await writer.stop(1000);
    expect(batches).to.deep.equal([[1, 2]]);
  });

  it('on stop, retries until the deadline, then logs whole what it could not write', async () => {
    const { writer, state, lines, add } = harness();
    state.failing = true;
    writer.start();
    add(1, 2, 3, 4);
    const started = Date.now();
    await writer.stop(300);
    expect(Date.now() - started).to.be.within(250, 5000);
    const line = lines.find((l) => l.msg === '4 test records could not be written before stopping');
    expect(line, 'the error line').to.not.equal(undefined);
    expect((line!.unwritten as string[]).flatMap((text) => (JSON.parse(text) as { n: number }[]).map((r) => r.n))).to.deep.equal([1, 2, 3, 4]);
    expect(writer.pending).to.equal(0);
  });
});
