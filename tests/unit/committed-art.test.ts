/** The pictures committed under public/art/ are exactly what the generator draws (`npm run art`). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawAnimal, drawCategory } from '../../src/server/art/index.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';

const art = new URL('../../public/art/', import.meta.url);
const committed = (folder: string) => readdirSync(new URL(`${folder}/`, art)).sort();
const read = (folder: string, slug: string) => readFileSync(new URL(`${folder}/${slug}.svg`, art), 'utf8');

describe('committed pictures', () => {
  it('one file per category and per animal of the seed catalogue, nothing else', () => {
    expect(committed('categories')).toEqual(seedCatalogue.map((category) => `${category.slug}.svg`).sort());
    const animals = seedCatalogue.flatMap((category) => category.animals.map((animal) => `${animal.slug}.svg`));
    expect(committed('animals')).toEqual(animals.sort());
  });

  it('each file is what the generator draws from its slug (run `npm run art` after changing it)', () => {
    for (const category of seedCatalogue) {
      expect(read('categories', category.slug), category.slug).toBe(drawCategory(category.slug));
      for (const animal of category.animals)
        expect(read('animals', animal.slug), animal.slug).toBe(drawAnimal(animal.slug));
    }
  });
});
