/**
 * The list's `index` search (./list-strategy.ts) in the browser: the index's manifest
 * (/search/index.json) is fetched on the first search, then each search fetches the pieces it reads
 * and keeps them for the next ones (./index-catalogue.ts), so a search over pieces already here needs
 * no network. Loaded only by a page that searches this way (./search-sources.ts).
 */
import type { AnimalSearch, RequestOptions } from '../../lib/api/client.ts';
import { isAbort, noResponseError } from '../../lib/api/errors.ts';
import type { AnimalSearchResult } from '../../lib/schemas.ts';
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

async function loadPiece(fetchFile: typeof fetch, version: string, name: string): Promise<Uint8Array> {
  const path = piecePath(version, name);
  const response = await fetchFile(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return inflated(await response.arrayBuffer());
}

/** The index this origin serves: its manifest, and its pieces fetched with `fetchFile` as searches ask. */
export async function openIndex(fetchFile: typeof fetch = fetch): Promise<IndexCatalogue> {
  const response = await fetchFile(MANIFEST_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${MANIFEST_PATH}: ${response.status}`);
  const manifest = (await response.json()) as IndexManifest;
  return IndexCatalogue.open(manifest, (name) => loadPiece(fetchFile, manifest.version, name));
}

/** The index, its manifest fetched once (again after a failure). */
export function loadIndex(): Promise<IndexCatalogue> {
  index ??= openIndex().catch((error: unknown) => {
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
