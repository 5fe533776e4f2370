/**
 * The start order: the index is read whole, then the server is ready, then it listens, so no request is answered
 * from a partial index. A failed reading is logged and the server still listens (each list reads it again).
 */

interface StartOrder {
  readSearchIndex: () => Promise<void>;
  serving: () => void;
  listen: () => Promise<void>;
}

export async function listenWhenRead({ readSearchIndex, serving, listen }: StartOrder): Promise<void> {
  await readSearchIndex().catch((error: unknown) =>
    console.error('[search] reading the catalogue index at start failed; the first list reads it again', error),
  );
  serving();
  await listen();
}
