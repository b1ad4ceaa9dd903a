import { describe, expect, it } from 'vitest';
import { formatSize } from '../src/pages/custom/assets/asset';

describe('an asset’s size as a person reads it', () => {
  it('counts bytes up to 1023, then powers of 1024 with a decimal below 10', () => {
    expect([0, 1023, 1024, 1536, 10 * 1024 - 1, 10 * 1024, 10_485_760, 3 * 1024 ** 3 + 1024 ** 3 / 4].map(formatSize)).toEqual([
      '0 B',
      '1023 B',
      '1 KB',
      '1.5 KB',
      '10 KB',
      '10 KB',
      '10 MB',
      '3.3 GB',
    ]);
  });

  it('stops at terabytes', () => {
    expect(formatSize(2 * 1024 ** 5)).toBe('2048 TB');
  });
});
