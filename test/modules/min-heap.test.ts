import { expect } from 'chai';
import { MinHeap } from '../../kernel/modules/min-heap';

describe('MinHeap', () => {
  it('gives back what it was given, smallest first', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 613);
    const heap = new MinHeap();
    for (const value of values) heap.push(value);
    const popped: number[] = [];
    for (let value = heap.pop(); value !== undefined; value = heap.pop()) popped.push(value);
    expect(popped).to.deep.equal([...values].sort((a, b) => a - b));
  });

  it('gives undefined when empty', () => {
    const heap = new MinHeap();
    expect(heap.pop()).to.equal(undefined);
    heap.push(3);
    expect(heap.size).to.equal(1);
    expect(heap.pop()).to.equal(3);
    expect(heap.pop()).to.equal(undefined);
  });
});
