import { describe, expect, it } from 'vitest';
import { searchText } from './search-text.ts';

describe('searchText', () => {
  it('reads a card number typed in groups as its code', () => {
    expect(searchText(' 1234 5678-9012 3456 ')).toBe('1234567890123456');
  });
  it('sends names and empty searches as they are', () => {
    expect(searchText('山田 太郎')).toBe('山田 太郎');
    expect(searchText('   ')).toBeUndefined();
  });
});
