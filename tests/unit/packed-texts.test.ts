import { describe, expect, it } from 'vitest';
import { PackedTexts, packedQuery } from '../../src/lib/search/index.ts';

// Hebrew, Latin, digits, a Hebrew letter with a point (kept as it is), a C1 control (kept as it is),
// an emoji (kept as it is), an empty text.
const TEXTS = ['תוכי ירוק 12', 'parrot green', 'שָׁלום', 'a\u0085b תוכי', 'דג 🐟', '', 'ת\u0090'];
const QUERIES = ['תוכי', 'ירוק 1', 'ot g', 'שָׁ', '\u0085', 'a\u0085b', '🐟', 'ג 🐟', '', 'ת\u0090', '\u0090', 'x'];

describe('packed texts', () => {
  const texts = new PackedTexts();
  for (const text of TEXTS) texts.push(text);

  it('gives each text back as it was given', () => {
    expect(TEXTS.map((_, place) => texts.at(place))).toEqual(TEXTS);
    TEXTS.forEach((text, place) => {
      expect(texts.is(place, text)).toBe(true);
      expect(texts.is(place, `${text}.`)).toBe(false);
    });
  });

  it('finds a query in a text exactly when the text holds it', () => {
    for (const query of QUERIES) {
      const packed = packedQuery(query);
      expect(
        TEXTS.map((_, place) => texts.holds(place, packed)),
        query,
      ).toEqual(TEXTS.map((text) => text.includes(query)));
    }
  });

  it('does not take a packed Hebrew text for a text of control characters', () => {
    // 'ת' packs to U+009A; a text of U+009A itself is kept as it is.
    const both = new PackedTexts();
    both.push('ת');
    both.push('\u009a');
    expect([both.is(0, '\u009a'), both.is(1, 'ת')]).toEqual([false, false]);
    expect([both.holds(0, packedQuery('\u009a')), both.holds(1, packedQuery('ת'))]).toEqual([false, false]);
  });

  it('keeps every text of a large catalogue at its place, across the strings they are joined in', () => {
    const many = Array.from({ length: 1300 }, (_, n) => (n % 97 === 0 ? `דג 🐟 ${n}.` : `תוכי ${n}. ירוק`));
    const large = new PackedTexts();
    for (const text of many) large.push(text);
    expect(many.map((_, place) => large.at(place))).toEqual(many);
    for (const n of [0, 1, 511, 512, 513, 1023, 1024, 1299]) {
      const query = packedQuery(` ${n}.`);
      expect(
        many.flatMap((_, place) => (large.holds(place, query) ? [place] : [])),
        query.text,
      ).toEqual(many.flatMap((text, place) => (text.includes(query.text) ? [place] : [])));
      expect(large.is(n, many[n]!)).toBe(true);
    }
  });
});
