import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('counts in binary multiples, with one decimal below 10', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GB');
  });

  it('moves to the next unit when the number would round up to 1,024', () => {
    expect(formatBytes(1024 ** 3 - 8 * 1024)).toBe('1 GB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });
});
