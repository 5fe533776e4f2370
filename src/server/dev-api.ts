/** `astro dev`: /api answered by the production server's handler, loaded in the dev server's module graph beside the pages (one shop). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createShopServer } from './server.ts';
import { getShop } from './shop.ts';

let handler: Promise<(req: IncomingMessage, res: ServerResponse) => void> | undefined;

export async function answerApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  handler ??= getShop().then(
    (shop) =>
      createShopServer({
        shop,
        pages: () => {
          throw new Error('no page under /api');
        },
      }).handler,
  );
  (await handler)(req, res);
}
