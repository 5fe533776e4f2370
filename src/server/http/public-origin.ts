/**
 * The shop's public origin, decided once per request at the edge for every absolute URL it writes: PUBLIC_SITE_URL;
 * else, with TRUST_PROXY, the forwarded host and scheme; else the request's Host.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { HOST_NAME, type Config } from '../config.ts';

type OriginSettings = Pick<Config, 'publicSiteUrl' | 'trustProxy'>;

const HOST_AND_PORT = /^(.*?)(?::(\d{1,5}))?$/;

const firstOf = (value: string | null | undefined): string | undefined => value?.split(',')[0]?.trim() || undefined;

/** A Host header value's name and port (`shop.test:8080` → `shop.test`, `8080`). */
export function splitHost(value: string): { name: string; port: string | undefined } {
  const [, name = '', port] = HOST_AND_PORT.exec(value) ?? [];
  return { name, port };
}

/** Is this a Host header value that names a host (and optional port) and nothing else? */
export function isPlainHost(value: string): boolean {
  const { name, port } = splitHost(value);
  if (!HOST_NAME.test(name)) return false;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return URL.canParse(`http://${value}`);
}

/** The public origin of a web Request (the admin API checks a write's Origin against it). */
export function publicOrigin(request: Request, config: OriginSettings): string {
  if (config.publicSiteUrl) return config.publicSiteUrl;
  const own = new URL(request.url);
  return publicOriginOf(own.protocol.slice(0, -1), own.host, (name) => request.headers.get(name), config);
}

/** The public origin of a Node request (the edge: src/server/http/edge.ts). */
export function publicOriginOfNode(req: IncomingMessage, config: OriginSettings): string {
  const host = req.headers.host;
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return publicOriginOf(
    scheme,
    host && isPlainHost(host) ? host : 'localhost',
    (name) => firstOf(single(req.headers[name])),
    config,
  );
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function publicOriginOf(
  scheme: string,
  host: string,
  header: (name: string) => string | null | undefined,
  config: OriginSettings,
): string {
  if (config.publicSiteUrl) return config.publicSiteUrl;
  if (config.trustProxy) {
    const forwardedHost = firstOf(header('x-forwarded-host'));
    const proto = firstOf(header('x-forwarded-proto'))?.toLowerCase();
    const forwardedScheme = proto === 'https' || proto === 'http' ? proto : scheme;
    return `${forwardedScheme}://${(forwardedHost && isPlainHost(forwardedHost) ? forwardedHost : host).toLowerCase()}`;
  }
  return `${scheme}://${host.toLowerCase()}`;
}

/** The origin the edge decided, for the page being rendered. */
const store = new AsyncLocalStorage<string>();

/** Runs `render` with `origin` as the public origin of whatever it renders. */
export function withPublicOrigin<T>(origin: string, render: () => T): T {
  return store.run(origin, render);
}

/** The public origin the edge decided for the request being rendered (undefined outside the edge: `astro dev`). */
export function currentPublicOrigin(): string | undefined {
  return store.getStore();
}

interface WithPicture {
  img: string;
}

const absolute = (origin: string, img: string) => (img.startsWith('/') && !img.startsWith('//') ? origin + img : img);

function withAbsoluteImg<T extends WithPicture>(origin: string, item: T): T {
  return { ...item, img: absolute(origin, item.img) };
}

/** The answer with every `img` (its own, a list's items', `animals`' items') made absolute. */
export function withAbsolutePictures<T>(origin: string, body: T): T {
  if (Array.isArray(body)) return body.map((item: unknown) => withAbsolutePictures(origin, item)) as T;
  if (body === null || typeof body !== 'object') return body;
  let out = body as Record<string, unknown>;
  if (typeof out.img === 'string')
    out = withAbsoluteImg(origin, out as unknown as WithPicture) as unknown as Record<string, unknown>;
  for (const key of ['animals', 'category'] as const) {
    const value = out[key];
    if (value !== null && typeof value === 'object') out = { ...out, [key]: withAbsolutePictures(origin, value) };
  }
  return out as T;
}
