/**
 * Absolute picture URLs in API answers, so front ends on other origins can show them.
 * The origin is PUBLIC_SITE_URL when set; else, behind a trusted proxy (TRUST_PROXY=true), the one
 * X-Forwarded-Proto / X-Forwarded-Host name; else the request's own (its Host header).
 */
import type { Config } from '../config.ts';

/** host, host:port, or [ipv6]:port — nothing that could smuggle a path or user info into a URL. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const firstOf = (value: string | null): string | undefined => value?.split(',')[0]?.trim() || undefined;

/** Is this a Host header value that names a host (and optional port) and nothing else? */
export function isPlainHost(value: string): boolean {
  return HOST.test(value);
}

export function publicOrigin(request: Request, config: Pick<Config, 'publicSiteUrl' | 'trustProxy'>): string {
  if (config.publicSiteUrl) return config.publicSiteUrl;
  const own = new URL(request.url);
  if (config.trustProxy) {
    const host = firstOf(request.headers.get('X-Forwarded-Host'));
    const proto = firstOf(request.headers.get('X-Forwarded-Proto'))?.toLowerCase();
    const scheme = proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1);
    return `${scheme}://${host && isPlainHost(host) ? host.toLowerCase() : own.host}`;
  }
  return own.origin;
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
  if (typeof out.img === 'string') out = withAbsoluteImg(origin, out as unknown as WithPicture) as unknown as Record<string, unknown>;
  for (const key of ['animals', 'category'] as const) {
    const value = out[key];
    if (value !== null && typeof value === 'object') out = { ...out, [key]: withAbsolutePictures(origin, value) };
  }
  return out as T;
}
