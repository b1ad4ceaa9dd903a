import { describe, expect, it } from 'vitest';
import { formatMs, percentOf, uptimeParts } from '../src/pages/custom/monitor/figures';

describe('the monitor’s figures', () => {
  it('gives an uptime as its two largest units, leaving out a nought and the ones below', () => {
    expect(uptimeParts(0)).toEqual([{ unit: 's', value: 0 }]);
    expect(uptimeParts(42.9)).toEqual([{ unit: 's', value: 42 }]);
    expect(uptimeParts(7_500)).toEqual([
      { unit: 'h', value: 2 },
      { unit: 'min', value: 5 },
    ]);
    expect(uptimeParts(7_200)).toEqual([{ unit: 'h', value: 2 }]);
    expect(uptimeParts(90_061)).toEqual([
      { unit: 'd', value: 1 },
      { unit: 'h', value: 1 },
    ]);
    expect(uptimeParts(-5)).toEqual([{ unit: 's', value: 0 }]);
  });

  it('gives a part of a whole as a percent to one decimal, and 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(512, 1024)).toBe(50);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('gives a delay in milliseconds to one decimal', () => {
    expect(formatMs(12.345)).toBe('12.3 ms');
    expect(formatMs(0)).toBe('0 ms');
  });
});
