import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups thousands with commas, and leaves small counts as they are', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
  });
});
