import assert from 'node:assert/strict';
import { FanOutQueue } from '../../kernel/runtime/fan-out-queue';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('kernel: fan-out queue (writes to many streams, a slice per turn)', () => {
  it('writes a slice at once and the rest over later turns, so one fan-out never holds the event loop', async () => {
    const queue = new FanOutQueue<number>();
    const written: number[] = [];
    queue.add(
      Array.from({ length: 200 }, (_, i) => i),
      (target) => written.push(target),
    );
    const atOnce = written.length;
    assert.ok(atOnce > 0 && atOnce < 200, `wrote ${atOnce} of 200 in the first turn`);
    let turns = 1;
    while (written.length < 200 && turns < 50) {
      await nextTurn();
      turns++;
    }
    assert.deepEqual(
      written,
      Array.from({ length: 200 }, (_, i) => i),
    );
    assert.ok(turns >= 3, `took ${turns} turns`);
  });

  it('keeps each target’s writes in the order the fan-outs were queued', async () => {
    const queue = new FanOutQueue<number>();
    const byTarget = new Map<number, string[]>();
    const targets = Array.from({ length: 150 }, (_, i) => i);
    for (const name of ['first', 'second', 'third']) {
      queue.add(targets, (target) => byTarget.set(target, [...(byTarget.get(target) ?? []), name]));
    }
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    for (const target of targets) assert.deepEqual(byTarget.get(target), ['first', 'second', 'third'], `target ${target}`);
  });

  it('goes on with what is queued after a write throws, and writes nothing more once cleared', async () => {
    const queue = new FanOutQueue<number>();
    const written: number[] = [];
    assert.throws(() =>
      queue.add([0, 1, 2], (target) => {
        if (target === 1) throw new Error('gone');
        written.push(target);
      }),
    );
    queue.add([7], (target) => written.push(target));
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    assert.deepEqual(written, [0, 2, 7]);

    queue.add(
      Array.from({ length: 500 }, (_, i) => i),
      () => written.push(-1),
    );
    const before = written.length;
    queue.clear();
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    assert.equal(written.length, before);
  });
});
