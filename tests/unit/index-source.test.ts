/**
 * The browser's index source (src/features/animal-list/index-source.ts) over fetch: a piece that does
 * not come fails the search with the error box's text, and a piece that is gone (the site was built
 * again while the page was open) makes the next search read the new manifest and answer from it.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, expect, it, vi } from 'vitest';
import { searchIndex } from '../../src/features/animal-list/index-source.ts';
import { NO_RESPONSE } from '../../src/lib/api/errors.ts';
import { buildIndexPieces } from '../../src/lib/search/pieces/index.ts';
import { fixtureAnimal } from '../helpers/search-texts.ts';

/** A site built from animals named `names`: its files by path. */
function site(names: string[]): Map<string, Uint8Array | string> {
  const animals = names.map((name, at) => ({
    ...fixtureAnimal(`a${at}`, name, 'תיאור'),
    _id: `${at}`.padStart(24, '0'),
    img: '/art/a.png',
    category: 'pets',
  }));
  const { manifest, pieces } = buildIndexPieces(animals, [['pets', 'חיות']]);
  const files = new Map<string, Uint8Array | string>([['/search/index.json', JSON.stringify(manifest)]]);
  for (const [name, bytes] of pieces) files.set(`/search/${manifest.version}/${name}.bin`, gzipSync(bytes));
  return files;
}

afterEach(() => vi.unstubAllGlobals());

it('fails a search whose piece does not come; after a new build, reads the new manifest', async () => {
  let files = site(['דרקון ירוק', 'ינשוף']);
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const file = files.get(url);
    return file === undefined ? new Response('', { status: 404 }) : new Response(file as BodyInit);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  expect((await searchIndex({ search: 'דרקון', sort: 'name' })).animals.map((animal) => animal.name)).toEqual([
    'דרקון ירוק',
  ]);
  // Built again: the old pieces are gone, and the list without text reads one not fetched yet.
  files = site(['דרקון כחול', 'דרקון ירוק', 'ינשוף']);
  await expect(searchIndex({ search: '', sort: 'name', inStock: true })).rejects.toThrow(NO_RESPONSE);
  expect((await searchIndex({ search: 'דרקון', sort: 'name' })).animals.map((animal) => animal.name)).toEqual([
    'דרקון ירוק',
    'דרקון כחול',
  ]);
  expect(fetched.filter((url) => url === '/search/index.json')).toHaveLength(2);
});
