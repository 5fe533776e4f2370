/**
 * A test shop behind the production server's front (src/server/http/front.ts: the probes, then the
 * guard, then the edge), composed as scripts/serve.ts composes it, on a real socket. Astro's handler is
 * replaced by `pages`.
 */
import http from 'node:http';
import type net from 'node:net';
import { createEdge } from '../../src/server/http/edge.ts';
import { createFront, type FrontOptions } from '../../src/server/http/front.ts';
import { createGuard } from '../../src/server/http/guard.ts';
import { createHealth, type Health } from '../../src/server/operations/health.ts';
import { applyLimits, serverOptions } from '../../src/server/http/limits.ts';
import type { Shop } from '../../src/server/shop.ts';

export interface FrontServer {
  server: http.Server;
  health: Health;
  port: number;
  base: string;
  /**
   * Resolves once no connection is open: every answer so far has had its close event, so the request
   * log and the metrics have counted it (a client may read an answer before the server's event runs).
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type PagesHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A page handler that answers every page with its path (as Astro would, with text/html). */
export const echoPages: PagesHandler = (req, res) => {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(`<p>${new URL(req.url ?? '/', 'http://x').pathname}</p>`);
};

export async function startFront(
  shop: Shop,
  pages: PagesHandler = echoPages,
  extra: Partial<Omit<FrontOptions, 'guard' | 'edge'>> = {},
): Promise<FrontServer> {
  const guard = createGuard({ ...shop.config, clerk: () => undefined });
  const edge = createEdge({
    api: shop.api,
    config: shop.config,
    pages,
    cache: shop.cache,
    catalogueVersion: shop.catalogueVersion,
    contentVersion: shop.contentVersion,
  });
  const health = extra.health ?? createHealth({ catalogueVersion: shop.catalogueVersion });
  const server = http.createServer(serverOptions, createFront({ guard, edge, ...extra, health }));
  applyLimits(server, shop.config);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    server,
    health,
    port,
    base: `http://127.0.0.1:${port}`,
    async settled() {
      for (;;) {
        const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
        if (open === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** GET over a connection of its own (no keep-alive), with the headers given (Host included). */
export function getOnce(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
