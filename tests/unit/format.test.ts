/** src/lib/format.ts and numbers.ts: price, count, rating, stars, card truncation. */
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_LIMIT,
  filledStars,
  formatPrice,
  formatRating,
  truncateDescription,
} from '../../src/lib/format.ts';
import { formatCount } from '../../src/lib/numbers.ts';

describe('formatCount', () => {
  it('groups thousands with commas, no decimals', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(24)).toBe('24');
    expect(formatCount(31283)).toBe('31,283');
    expect(formatCount(100000)).toBe('100,000');
  });
});

describe('formatPrice', () => {
  it.each([
    [0, '₪0'],
    [65, '₪65'],
    [890, '₪890'],
    [2400, '₪2,400'],
    [12500, '₪12,500'],
    [48500, '₪48,500'],
    [1234567, '₪1,234,567'],
    [99.5, '₪99.5'],
  ])('%d → %s', (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });

  it('never prints NaN', () => {
    expect(formatPrice(Number.NaN)).toBe('₪0');
  });
});

describe('prices and counts are written as Intl writes he-IL numbers', () => {
  const price = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 0 });
  // Halves at the rounding digit (1.005 is a little under 1.005 as a double, yet Intl rounds it up),
  // nines carried into a new digit, exponent forms (tiny and huge), negatives.
  const edges = [0, 0.005, 0.015, 1.005, 2.675, 9.995, 99.995, 999.995, 0.999, 0.4, 0.5, 1.5, 2.5];
  edges.push(1e-7, 5e-7, 1e21, 1.2345678901234e25, 0.1 + 0.2, 1234.565, 48500, 1234567.891, -5, -1234.5);
  /** A fixed sequence of numbers of every size with 0–4 decimals (a seeded generator: the same each run). */
  function* numbers(count: number) {
    let seed = 20261129;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let index = 0; index < count; index += 1) {
      const size = 10 ** Math.floor(next() * 13);
      yield Number((next() * size).toFixed(Math.floor(next() * 5)));
      yield next() * size;
    }
  }

  it.each(edges)('%d', (value) => {
    expect(formatPrice(value)).toBe(`₪${price.format(value)}`);
    expect(formatCount(value)).toBe(count.format(value));
  });

  it('over 20,000 numbers of every size', () => {
    const differ: string[] = [];
    for (const value of numbers(10_000)) {
      if (formatPrice(value) !== `₪${price.format(value)}`) differ.push(`price ${value}`);
      if (formatCount(value) !== count.format(value)) differ.push(`count ${value}`);
    }
    expect(differ).toEqual([]);
  });
});

describe('formatRating', () => {
  it.each([
    [4, '4.0'],
    [4.5, '4.5'],
    [0, '0.0'],
    [5, '5.0'],
    [3.96, '4.0'],
  ])('%d → %s', (rating, text) => {
    expect(formatRating(rating)).toBe(text);
  });

  it('never prints NaN', () => {
    expect(formatRating(Number.NaN)).toBe('0.0');
  });
});

describe('filledStars', () => {
  it.each([
    [0, 0],
    [0.9, 0],
    [1, 1],
    [3.9, 3],
    [4.5, 4],
    [5, 5],
    [7, 5],
    [-1, 0],
    [Number.NaN, 0],
  ])('rating %d fills %d stars', (rating, stars) => {
    expect(filledStars(rating)).toBe(stars);
  });
});

describe('truncateDescription', () => {
  it('keeps a description of at most 100 characters as it is', () => {
    const exactly = 'א'.repeat(DESCRIPTION_LIMIT);
    expect(truncateDescription(exactly)).toBe(exactly);
    expect(truncateDescription('קצר')).toBe('קצר');
    expect(truncateDescription('')).toBe('');
  });

  it('cuts a longer one to 100 characters plus "..."', () => {
    const long = 'אבגדהוזחטי'.repeat(11); // 110 characters
    const cut = truncateDescription(long);
    expect(cut).toBe(`${long.slice(0, 100)}...`);
    expect(cut).toHaveLength(103);
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    const text = `${'א'.repeat(99)}🐉🐉🐉`;
    expect(truncateDescription(text)).toBe(`${'א'.repeat(99)}🐉...`);
  });

  it('takes another limit', () => {
    expect(truncateDescription('abcdef', 3)).toBe('abc...');
  });
});
