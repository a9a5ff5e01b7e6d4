import { describe, expect, it } from 'vitest';
import { listInEnglish } from './generation-hardware';

describe('listInEnglish', () => {
  it('joins names as Intl.ListFormat does in English', () => {
    const intl = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
    for (const names of [[], ['RTX 4090'], ['RTX 4090', 'L40S'], ['RTX 4090', 'L40S', 'H100'], ['A', 'B', 'C', 'D']]) {
      expect(listInEnglish(names)).toBe(intl.format(names));
    }
  });
});
