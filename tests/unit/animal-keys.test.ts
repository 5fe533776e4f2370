/**
 * The catalogue's keys computed in one pass (src/lib/search/animal-keys.ts) are the ones the rules give one
 * by one: over the seed catalogue, a synthetic one, and texts with marks, final letters, quotes,
 * Latin, Greek, digits and odd white space.
 */
import { expect, it } from 'vitest';
import { animalKeys } from '../../src/lib/search/index.ts';
import { searchText, sortKey } from '../../src/lib/search/index.ts';
import { catalogueWords, storedWords } from '../../src/lib/search/index.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';

function oneByOne(name: string, description: string) {
  const stored = storedWords(name, description);
  return {
    name_key: sortKey(name),
    search_text: searchText(name, description),
    search_words: stored.all,
    name_words: stored.name,
    forms: catalogueWords(name, description).filter(({ word }) => /\p{L}/u.test(word)),
  };
}

const texts: [string, string][] = [
  ['', ''],
  ['דרקון', ''],
  ['', 'תיאור בלבד'],
  ['  שָׁלוֹם   עוֹלָם ', '\tשורה\nשנייה  '],
  ['צב־ים "ענק" ׳גרש׳', 'ד״ר פינגווין, פינגוין; 3 ק"ג'],
  ['ΟΔΥΣΣΕΥΣ', 'ΣΟΦΙΑ Σ'],
  ['Dragon Σ', '\u0301 ́ mark first'],
  ['ABC-123 x', "it's 'quoted' \"twice\""],
  ['\u05b0\u05b1', '   '],
];

it('gives the keys the rules give one by one', () => {
  const animals = [...seedCatalogue.flatMap((category) => category.animals), ...syntheticCatalogue(2_000).animals].map(
    (animal): [string, string] => [animal.name, animal.description],
  );
  for (const [name, description] of [...texts, ...animals]) {
    expect(animalKeys(name, description), `${name} | ${description}`).toEqual(oneByOne(name, description));
  }
});
