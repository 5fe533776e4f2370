/** What every API path is found and read by: one route table (URLPattern), one Allow list, one reading of the query, one zod check (400). */
import type { z } from 'zod';
import { lenientDecode, lenientDecodeQueryComponent } from '../../lib/lenient-url.ts';
import { apiMessages } from './messages.ts';
import { HttpError } from './responses.ts';

interface RouteTable<Entry extends { methods: object }> {
  add(pathname: string, entry: Entry): void;
  /** The route of `pathname` and its parameters, decoded; undefined when none matches. */
  find(pathname: string): { entry: Entry; params: Record<string, string> } | undefined;
}

export function createRouteTable<Entry extends { methods: object }>(prefix: string): RouteTable<Entry> {
  const routes: { pattern: URLPattern; entry: Entry }[] = [];
  return {
    add(pathname, entry) {
      routes.push({ pattern: new URLPattern({ pathname: `${prefix}${pathname}` }), entry });
    },
    find(pathname) {
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      for (const { pattern, entry } of routes) {
        const match = pattern.exec({ pathname: path });
        if (!match) continue;
        const params = Object.fromEntries(
          Object.entries(match.pathname.groups).map(([key, value]) => [key, lenientDecode(value ?? '')]),
        );
        return { entry, params };
      }
      return undefined;
    },
  };
}

/** The methods a route answers, for Allow: its own, HEAD where it has GET, and OPTIONS. */
export function allowOf(methods: object): string {
  const own = Object.keys(methods);
  return [...own, ...(own.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

/** The query's parameters, decoded leniently; the last of a repeated name wins. */
export function queryOf(url: URL): Record<string, string> {
  const query = Object.create(null) as Record<string, string>;
  for (const pair of url.search.slice(1).split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const name = lenientDecodeQueryComponent(equals < 0 ? pair : pair.slice(0, equals));
    query[name] = equals < 0 ? '' : lenientDecodeQueryComponent(pair.slice(equals + 1));
  }
  return query;
}

/** The value as the schema reads it, or a 400 with the first problem zod found as its message. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? apiMessages.badRequest);
  return parsed.data;
}
