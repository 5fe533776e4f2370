/**
 * Absolute picture URLs in API answers, so front ends on other origins can show them.
 * The origin is PUBLIC_SITE_URL when set; else, behind a trusted proxy (TRUST_PROXY=true), the one
 * X-Forwarded-Proto / X-Forwarded-Host name; else the request's own (its Host header).
 */
import type { Config } from '../config.ts';

/** host, host:port, or [ipv6]:port — nothing that could smuggle a path or user info into a URL. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const firstOf = (value: string | null): string | undefined => value?.split(',')[0]?.trim() || undefined;

/** Is this a Host header value that names a host (and optional port) and nothing else? */
export function isPlainHost(value: string): boolean {
  return HOST.test(value);
}

export function publicOrigin(request: Request, config: Pick<Config, 'publicSiteUrl' | 'trustProxy'>): string {
  if (config.publicSiteUrl) return config.publicSiteUrl;
  const own = new URL(request.url);
  return publicOriginOf(own.protocol.slice(0, -1), own.host, (name) => request.headers.get(name), config);
}

/** The same for a request known by its scheme, Host and a header reader (the Node front door's fast path). */
export function publicOriginOf(
  scheme: string,
  host: string,
  header: (name: string) => string | null | undefined,
  config: Pick<Config, 'publicSiteUrl' | 'trustProxy'>,
): string {
  if (config.publicSiteUrl) return config.publicSiteUrl;
  if (config.trustProxy) {
    const forwardedHost = firstOf(header('x-forwarded-host') ?? null);
    const proto = firstOf(header('x-forwarded-proto') ?? null)?.toLowerCase();
    const forwardedScheme = proto === 'https' || proto === 'http' ? proto : scheme;
    return `${forwardedScheme}://${forwardedHost && isPlainHost(forwardedHost) ? forwardedHost.toLowerCase() : host}`;
  }
  return `${scheme}://${host}`;
}

interface WithPicture {
  img: string;
}

const absolute = (origin: string, img: string) => (img.startsWith('/') && !img.startsWith('//') ? origin + img : img);

function withAbsoluteImg<T extends WithPicture>(origin: string, item: T): T {
  return { ...item, img: absolute(origin, item.img) };
}

/**
 * The answer with every `img` (its own, a list's items', and `animals`' items') made absolute.
 * Answers are categories, animals, a category with its animals, or a search result.
 */
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
