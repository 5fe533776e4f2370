/**
 * The static build's search index as its routes write it (src/static-site/routes/search-index.json.ts,
 * search-pieces.ts), served from memory to the browser's own loader (src/features/animal-list/index-source.ts
 * openIndex): the same paths, gzip and reading as in a browser on a static host.
 */
import type { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import { openIndex } from '../../src/features/animal-list/index-source.ts';
import { GET as manifest } from '../../src/static-site/routes/search-index.json.ts';
import { GET as pieceFile, getStaticPaths } from '../../src/static-site/routes/search-pieces.ts';

interface BuiltIndex {
  catalogue: IndexCatalogue;
  /** Each file the routes wrote, by its path. */
  files: Map<string, Uint8Array>;
  /** The paths fetched, in order. */
  fetched: string[];
}

export async function builtIndex(): Promise<BuiltIndex> {
  const files = new Map<string, Uint8Array>();
  files.set('/search/index.json', new Uint8Array(await (await manifest({} as never)).arrayBuffer()));
  for (const { params, props } of await getStaticPaths()) {
    const response = await pieceFile({ params, props } as never);
    files.set(`/search/${params.piece}.bin`, new Uint8Array(await response.arrayBuffer()));
  }
  const fetched: string[] = [];
  const fetchFile = (async (url: string) => {
    fetched.push(url);
    const bytes = files.get(url);
    return bytes ? new Response(bytes as BodyInit) : new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { catalogue: await openIndex(fetchFile), files, fetched };
}
