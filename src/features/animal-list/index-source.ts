/**
 * The list's `index` search (./list-strategy.ts) in the browser: the index's manifest
 * (/search/index.json) is fetched on the first search, then each search fetches the pieces it reads
 * and keeps them for the next ones (./index-catalogue.ts), so a search over pieces already here needs
 * no network. Loaded only by a page that searches this way (./search-sources.ts), and by the favourites page,
 * which reads its animals from the same index by id.
 */
import type { AnimalSearch, RequestOptions } from '../../lib/api/client.ts';
import { isAbort, noResponseError } from '../../lib/api/errors.ts';
import type { Animal, AnimalSearchResult } from '../../lib/schemas.ts';
import { MANIFEST_PATH, piecePath, type IndexManifest } from '../../lib/search/pieces/index.ts';
import { IndexCatalogue } from './index-catalogue.ts';

let index: Promise<IndexCatalogue> | undefined;

/** A piece as the build wrote it, gzip; a host that took the gzip off on the way sends it as it is. */
async function inflated(bytes: ArrayBuffer): Promise<Uint8Array> {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The index this origin serves: its manifest, and its pieces fetched with `fetchFile` as searches ask.
 * `gone` is told when a piece is not there (404): the site was built again, with a new manifest.
 */
export async function openIndex(fetchFile: typeof fetch = fetch, gone = () => {}): Promise<IndexCatalogue> {
  const response = await fetchFile(MANIFEST_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${MANIFEST_PATH}: ${response.status}`);
  const manifest = (await response.json()) as IndexManifest;
  return IndexCatalogue.open(manifest, async (name) => {
    const path = piecePath(manifest.version, name);
    const piece = await fetchFile(path);
    if (piece.status === 404) gone();
    if (!piece.ok) throw new Error(`${path}: ${piece.status}`);
    return inflated(await piece.arrayBuffer());
  });
}

/** The index, its manifest fetched once (again after a failure, and after a piece of it was gone). */
export function loadIndex(): Promise<IndexCatalogue> {
  const forget = () => (index = undefined);
  index ??= openIndex(fetch, forget).catch((error: unknown) => {
    index = undefined;
    console.error(error);
    throw noResponseError();
  });
  return index;
}

/** A failed piece: the list shows its error box (the pieces fetched stay for the next search). */
function failed(error: unknown): never {
  if (isAbort(error)) throw error;
  console.error(error);
  throw noResponseError();
}

export async function searchIndex(query: AnimalSearch, options?: RequestOptions): Promise<AnimalSearchResult> {
  const catalogue = await loadIndex();
  options?.signal?.throwIfAborted();
  return catalogue.search(query, options?.signal).catch(failed);
}

/** The animals among `ids` the index holds (one the shop no longer shows is simply not there). */
export async function animalsInIndex(ids: readonly string[]): Promise<Animal[]> {
  const catalogue = await loadIndex();
  return catalogue.animals(ids).catch(failed);
}
