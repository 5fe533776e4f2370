/**
 * `astro dev`: /api is answered by the production server's handler (./server.ts), loaded in the dev
 * server's module graph beside the pages, so both use one shop (astro.config.mjs, `devApi()`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createShopServer } from './server.ts';
import { getShop } from './shop.ts';

let handler: Promise<(req: IncomingMessage, res: ServerResponse) => void> | undefined;

export async function answerApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  handler ??= getShop().then(
    (shop) =>
      createShopServer({
        shop,
        // The edge answers every /api request itself.
        pages: () => {
          throw new Error('no page under /api');
        },
      }).handler,
  );
  (await handler)(req, res);
}
