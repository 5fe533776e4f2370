import { describe, expect, it } from 'vitest';
import { foldHebrew, sortKey } from '../../src/lib/hebrew.ts';

describe('foldHebrew', () => {
  it('drops niqqud and cantillation marks', () => {
    expect(foldHebrew('שָׁלוֹם')).toBe('שלומ');
    expect(foldHebrew('בְּרֵאשִׁ֖ית')).toBe('בראשית');
  });
  it('maps every final letter to its regular form', () => {
    expect(foldHebrew('ךםןףץ')).toBe('כמנפצ');
  });
  it('lower-cases Latin and folds white space', () => {
    expect(foldHebrew('  Wi-Fi   חתול ')).toBe('wi-fi חתול');
  });
});

describe('sortKey', () => {
  it('orders final letters with their regular forms', () => {
    const names = ['מלך', 'מלכה', 'מלא'];
    expect([...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))).toEqual(['מלא', 'מלך', 'מלכה']);
  });
});
