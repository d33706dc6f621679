import { describe, expect, it } from 'vitest';
import { customerMatches, foldSearchText, isMemberCode, nameSearchKeys, phoneDigits } from './customer-search.ts';

describe('customer search folding', () => {
  it('reads katakana as hiragana, full-width as half-width, case and spaces away', () => {
    expect(foldSearchText('ヤマダ　タロウ')).toBe('やまだたろう');
    expect(foldSearchText('ﾔﾏﾀﾞ')).toBe('やまだ');
    expect(foldSearchText('Ｔａｒｏ Yamada')).toBe('taroyamada');
    expect(phoneDigits('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(phoneDigits('(090) 1234 5678')).toBe('09012345678');
    expect(nameSearchKeys('Taro Yamada')).toEqual(['taroyamada', 'taro', 'yamada']);
  });

  it('matches as the server does: word prefixes, furigana either way, phone from the start or its last four', () => {
    const c = {
      name: '山田 太郎',
      nameKana: 'ヤマダ タロウ',
      phone: '090-1234-5678',
      email: 'taro@example.com',
      code: 'M0012345678',
    };
    expect(customerMatches(c, 'やまだ')).toBe(true);
    expect(customerMatches(c, 'タロ')).toBe(true);
    expect(customerMatches(c, '太郎')).toBe(true);
    expect(customerMatches(c, '０９０１２')).toBe(true);
    expect(customerMatches(c, '090-1234')).toBe(true);
    expect(customerMatches(c, '5678')).toBe(true);
    expect(customerMatches(c, '1234-5')).toBe(false);
    expect(customerMatches(c, 'm00123')).toBe(true);
    expect(customerMatches(c, 'TARO@')).toBe(true);
    expect(customerMatches(c, '0012345')).toBe(true);
    expect(customerMatches(c, 'suzuki')).toBe(false);
    expect(isMemberCode('ｍ００１２３４５６７８')).toBe(true);
    expect(isMemberCode('4901234567894')).toBe(false);
  });
});
