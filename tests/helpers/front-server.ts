/**
 * A test shop behind the production server (src/server/server.ts, as scripts/serve.ts builds it) on a
 * real socket; Astro's handler is replaced by `pages`.
 */
import http from 'node:http';
import type net from 'node:net';
import type { DestinationStream } from 'pino';
import type { Config } from '../../src/server/config.ts';
import { createShopServer, type ShopServer } from '../../src/server/server.ts';
import type { Shop } from '../../src/server/shop.ts';

export interface FrontServer extends ShopServer {
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

/** The request log goes nowhere unless a test reads it. */
const NO_LOG: DestinationStream = { write: () => {} };

export async function startFront(
  shop: Shop,
  pages: PagesHandler = echoPages,
  options: { config?: Partial<Config>; log?: DestinationStream } = {},
): Promise<FrontServer> {
  const shopServer = createShopServer({
    shop,
    pages,
    config: { ...shop.config, ...options.config },
    log: options.log ?? NO_LOG,
  });
  const { server } = shopServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    ...shopServer,
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
        void shopServer.close();
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

/** Statuses a web Response refuses a body for. */
const NULL_BODY = new Set([204, 205, 304]);

/**
 * Sends `init` (as fetch would build it, but with Host `shop.test` unless given: fetch cannot send its
 * own Host) to `target` over a connection of its own, and reads the answer back as a web Response.
 */
export async function sendAsFetch(port: number, target: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`http://shop.test${target}`, init);
  const url = new URL(request.url);
  const body = Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = { host: 'shop.test' };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body.length > 0 || !['GET', 'HEAD'].includes(request.method)) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const path = url.pathname + url.search;
    const sent = http.request({ host: '127.0.0.1', port, path, method: request.method, headers, agent: false });
    sent.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          for (const one of Array.isArray(value) ? value : [value ?? '']) answer.append(name, one);
        const status = response.statusCode ?? 0;
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

export interface ApiClient {
  /** A path under /api, answered by the production server (started on first use). */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

export function apiClient(shop: Shop): ApiClient {
  let front: Promise<FrontServer> | undefined;
  return {
    request: async (path, init) => {
      front ??= startFront(shop);
      return sendAsFetch((await front).port, `/api${path}`, init);
    },
    close: async () => {
      if (front) await (await front).close();
    },
  };
}
