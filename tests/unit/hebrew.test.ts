import { describe, expect, it } from 'vitest';
import { foldHebrew, sortKey } from '../../src/lib/search/index.ts';

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

describe('the name sort key', () => {
  it("orders like Intl.Collator('he'): punctuation, digits, Hebrew, Latin", () => {
    const collator = new Intl.Collator('he');
    const names = [
      'ג׳ירפת',
      "ג'ירפת ב",
      'גמל',
      'ג-ירפת',
      'ג ירפת',
      'ג״ץ',
      'ג"צ א',
      'ג1',
      'גירית',
      'ג־דג',
      'Gamal',
      'אבּא',
      'גָּמָל א',
      'ךז',
      'כב',
    ];
    const byKey = [...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    expect(byKey).toEqual([...names].sort(collator.compare));
  });

  it('reads the geresh and the apostrophe written for it alike', () => {
    expect(sortKey('ג׳ירפת')).toBe(sortKey("ג'ירפת"));
    expect(sortKey('צה״ל')).toBe(sortKey('צה"ל'));
  });
});
