/**
 * The recently viewed list as the browser keeps it (src/features/recently-viewed/viewed-list.ts): newest
 * first, each animal once, at most twelve; whatever else localStorage holds under its key is read as
 * the entries it can trust, or none.
 */
import { describe, expect, it } from 'vitest';
import {
  currentAnimal,
  decodeViewed,
  encodeViewed,
  RECENTLY_VIEWED_MOST,
  withViewed,
  type ViewedAnimal,
} from '../../src/features/recently-viewed/viewed-list.ts';

const animal = (index: number): ViewedAnimal => ({
  id: index.toString(16).padStart(24, '0'),
  name: `תיפלץ ${index}`,
  img: `/art/animals/a-${index}.svg`,
});

describe('the recently viewed list', () => {
  it('puts the animal opened first, once, and keeps the twelve newest', () => {
    let list: ViewedAnimal[] = [];
    for (let index = 1; index <= 15; index++) list = withViewed(list, animal(index));
    expect(RECENTLY_VIEWED_MOST).toBe(12);
    expect(list.map((each) => each.name)).toEqual(Array.from({ length: 12 }, (_, at) => `תיפלץ ${15 - at}`));
    // Opened again: it moves to the front, and nothing is repeated.
    list = withViewed(list, animal(9));
    expect(list.map((each) => each.name).slice(0, 3)).toEqual(['תיפלץ 9', 'תיפלץ 15', 'תיפלץ 14']);
    expect(list).toHaveLength(12);
    expect(decodeViewed(encodeViewed(list))).toEqual(list);
  });

  it('reads only the entries it can trust from what is stored', () => {
    for (const stored of [null, '', 'not json', '{"id":1}', '"text"', '42']) expect(decodeViewed(stored)).toEqual([]);
    const good = animal(1);
    const stored = JSON.stringify([
      good,
      { ...animal(2), id: 'not-an-id' },
      { ...animal(3), name: '   ' },
      { ...animal(4), img: 'javascript:alert(1)' },
      { ...animal(5), img: '//elsewhere.example/a.svg' },
      { ...animal(6), name: 'א'.repeat(501) },
      good,
      { ...animal(7), img: 'https://shop.example/art/animals/7.svg', extra: '<b>' },
      null,
      'x',
    ]);
    expect(decodeViewed(stored)).toEqual([good, { ...animal(7), img: 'https://shop.example/art/animals/7.svg' }]);
    expect(decodeViewed(JSON.stringify(Array.from({ length: 30 }, (_, index) => animal(index))))).toHaveLength(12);
  });

  it("reads the page's own animal from its section", () => {
    expect(currentAnimal(JSON.stringify(animal(3)))).toEqual(animal(3));
    expect(currentAnimal(undefined)).toBeUndefined();
    expect(currentAnimal('{')).toBeUndefined();
  });
});
