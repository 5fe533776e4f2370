/** src/lib/format.ts: price, rating, stars, card truncation. */
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_LIMIT,
  filledStars,
  formatCount,
  formatPrice,
  formatRating,
  truncateDescription,
} from '../../src/lib/format.ts';

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
