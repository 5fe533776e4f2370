/**
 * The search index in pieces for the static build (src/lib/search/pieces/layout.ts), made once per
 * build from the catalogue it read (./catalogue.server.ts) and written gzip-compressed, as the browser
 * reads them (src/features/animal-list/index-source.ts): a host needs no compression of its own for them.
 */
import { gzipSync } from 'node:zlib';
import { buildIndexPieces, type IndexManifest } from '../lib/search/pieces/index.ts';
import { builtCatalogue } from './catalogue.server.ts';

interface SearchPieces {
  manifest: IndexManifest;
  /** Each piece's file, by the piece's name. */
  files: Map<string, Uint8Array>;
}

const made = new WeakMap<object, Promise<SearchPieces>>();

async function make(): Promise<SearchPieces> {
  const { categories, animals } = await builtCatalogue();
  const { manifest, pieces } = buildIndexPieces(
    animals,
    categories.map((category) => [category.slug, category.name]),
  );
  const files = new Map<string, Uint8Array>();
  for (const [name, bytes] of pieces) files.set(name, new Uint8Array(gzipSync(bytes, { level: 9 })));
  return { manifest, files };
}

export async function searchPieces(): Promise<SearchPieces> {
  const catalogue = await builtCatalogue();
  let pieces = made.get(catalogue);
  if (!pieces) made.set(catalogue, (pieces = make()));
  return pieces;
}
