/** The content pages in the admin API (editors and the admin): a page with its version as ETag, saves under If-Match, history, restore, pictures. */
import { z } from 'zod';
import { CONTENT_PAGE_NAMES, type ContentPageName } from '../../../lib/content-page.ts';
import { contentMessages } from '../../../lib/content-messages.ts';
import {
  createContentWrites,
  listContentHistory,
  readContentPage,
  readContentVersionOf,
} from '../../db/content/content-pages.ts';
import type { WriteDatabase } from '../../db/write-transaction.ts';
import { HttpError, jsonResponse } from '../responses.ts';
import { etagOf, NO_STORE, versionFromIfMatch, type Handler } from './calls.ts';
import { adminMessages } from './messages.ts';

type Route = (pathname: string, methods: Partial<Record<'GET' | 'PUT' | 'POST', Handler>>) => void;

const HISTORY_PAGE = 20;

const HistoryQuery = z.object({
  page: z.coerce.number(adminMessages.badPage).int(adminMessages.badPage).min(1, adminMessages.badPage).default(1),
});

function pageName(params: Record<string, string>): ContentPageName {
  const name = params.page ?? '';
  if (!(CONTENT_PAGE_NAMES as readonly string[]).includes(name)) throw new HttpError(404, contentMessages.unknownPage);
  return name as ContentPageName;
}

function versionNumber(params: Record<string, string>): number {
  const version = Number(params.version);
  if (!Number.isInteger(version) || version < 1) throw new HttpError(404, contentMessages.unknownVersion);
  return version;
}

const withEtag = (record: { version: number }) =>
  jsonResponse(record, 200, { ...NO_STORE, ETag: etagOf(record.version) });

export function contentRoutes(
  route: Route,
  {
    database,
    now,
    json,
    storeUpload,
  }: {
    database: WriteDatabase;
    now?: (() => Date) | undefined;
    json: (request: Request) => Promise<unknown>;
    storeUpload: (request: Request) => Promise<string>;
  },
): void {
  const writes = createContentWrites(database, now ? { now } : {});

  route('/pages/:page', {
    GET: async ({ params }) => {
      const page = await readContentPage(database.db, pageName(params));
      if (!page) throw new HttpError(404, contentMessages.unknownPage);
      return withEtag(page);
    },
    PUT: async ({ request, params, who }) => {
      const page = pageName(params);
      const version = versionFromIfMatch(request);
      return withEtag(await writes.save(who, page, version, await json(request)));
    },
  });
  route('/pages/:page/history', {
    GET: async ({ params, url }) => {
      const parsed = HistoryQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? adminMessages.badPage);
      const number = parsed.data.page;
      const history = await listContentHistory(database.db, pageName(params), { page: number, limit: HISTORY_PAGE });
      return jsonResponse({ ...history, page: number, limit: HISTORY_PAGE }, 200, NO_STORE);
    },
  });
  route('/pages/:page/history/:version', {
    GET: async ({ params }) => {
      const found = await readContentVersionOf(database.db, pageName(params), versionNumber(params));
      if (!found) throw new HttpError(404, contentMessages.unknownVersion);
      return jsonResponse(found, 200, NO_STORE);
    },
  });
  route('/pages/:page/history/:version/restore', {
    POST: async ({ request, params, who }) => {
      const page = pageName(params);
      const from = versionNumber(params);
      return withEtag(await writes.restore(who, page, versionFromIfMatch(request), from));
    },
  });
  route('/pages/about/picture', {
    POST: async ({ request }) => jsonResponse({ picture: await storeUpload(request) }, 201, NO_STORE),
  });
}
