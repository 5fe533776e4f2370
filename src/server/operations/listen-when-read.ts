/**
 * The production server's start order (scripts/serve.ts): the search's catalogue index is read whole
 * first, then the server is ready (/health/ready), then it listens. So no shopper's request is answered
 * before the index is read: the first search finds it at the catalogue's version (a change made
 * meanwhile is applied from the change feed before that search is answered), never a partial index.
 * A failed reading is logged and the server still listens: each list then reads the index again before
 * it answers. docs/decisions/0016-catalogue-index-and-change-feed.md.
 */

interface StartOrder {
  /** Reads the index of the catalogue's version now (src/server/search/animal-search.ts readSearchIndex). */
  readSearchIndex: () => Promise<void>;
  /** Marks the server ready (src/server/operations/health.ts). */
  serving: () => void;
  /** Starts accepting connections. */
  listen: () => Promise<void>;
}

export async function listenWhenRead({ readSearchIndex, serving, listen }: StartOrder): Promise<void> {
  await readSearchIndex().catch((error: unknown) =>
    console.error('[search] reading the catalogue index at start failed; the first list reads it again', error),
  );
  serving();
  await listen();
}
