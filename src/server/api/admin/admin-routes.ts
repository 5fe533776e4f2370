/**
 * The owner's routes under /api/admin, each in its area (catalogue, content); every answer `no-store`. The writes
 * (src/server/db/catalogue) carry versions (ETag / If-Match), the audit, one transaction.
 */
import { z } from 'zod';
import { ADMIN_ORDERS, ADMIN_SORTS, ADMIN_STATES, ADMIN_STOCKS } from '../../../lib/admin-list.ts';
import type { Config } from '../../config.ts';
import { createAdminAnimals } from '../../db/catalogue/admin-animals.ts';
import { createAnimalBulk } from '../../db/catalogue/animal-bulk.ts';
import { createAnimalTrash, TRASH_DAYS } from '../../db/catalogue/animal-trash.ts';
import type { CatalogueIndex } from '../../../lib/search/index.ts';
import { listAudit, type Actor } from '../../db/catalogue/audit.ts';
import { createAnimalWrites } from '../../db/catalogue/catalogue-writes.ts';
import { createCategoryWrites } from '../../db/catalogue/category-writes.ts';
import { CatalogueWriteError, WRITE_ERROR_STATUS } from '../../db/catalogue/write-rules.ts';
import type { WriteDatabase } from '../../db/write-transaction.ts';
import { ADMIN_API_PREFIX, CONTENT_PAGE_MAX_BYTES } from '../../http/api-path.ts';
import { ENCODINGS } from '../../spreadsheet/csv-file.ts';
import { exportCatalogueCsv } from '../../spreadsheet/export.ts';
import { importCatalogueCsv } from '../../spreadsheet/import.ts';
import { apiMessages } from '../messages.ts';
import { parseOrThrow, queryOf } from '../routes.ts';
import { HttpError, errorResponse, jsonResponse, readJson } from '../responses.ts';
import type { Area } from './access.ts';
import { etagOf, NO_STORE, versionFromIfMatch, type Handler, type Method } from './calls.ts';
import { adminMessages } from './messages.ts';
import { contentRoutes } from './content-routes.ts';
import { storePicture } from '../../pictures/store.ts';
import { convertUpload, PictureRefusal, type CropFocus } from '../../pictures/upload.ts';

interface AdminRouteDependencies {
  database: WriteDatabase;
  config: Pick<Config, 'maxBodyBytes'>;
  now?: (() => Date) | undefined;
  /** The catalogue index at a catalogue version (src/server/db/catalogue/catalogue-reads.ts): the table of animals reads it. */
  indexAt: (version: string) => Promise<CatalogueIndex>;
}

const PageSchema = z.object({
  page: z.coerce.number(adminMessages.badPage).int(adminMessages.badPage).min(1, adminMessages.badPage).default(1),
  limit: z.coerce
    .number(adminMessages.badLimit)
    .int(adminMessages.badLimit)
    .min(1, adminMessages.badLimit)
    .max(100, adminMessages.badLimit)
    .default(25),
  search: z.string().max(200).default(''),
});
/** The table's filters and order (src/lib/admin-list.ts). */
const AnimalListSchema = PageSchema.extend({
  category: z.string().max(200).optional(),
  state: z.enum(ADMIN_STATES, adminMessages.badFilter).optional(),
  stock: z.enum(ADMIN_STOCKS, adminMessages.badFilter).optional(),
  sort: z.enum(ADMIN_SORTS, adminMessages.badFilter).default('name'),
  order: z.enum(ADMIN_ORDERS, adminMessages.badFilter).default('asc'),
});
const DryRunSchema = z.object({
  dryRun: z.enum(['true', 'false'], adminMessages.badDryRun).default('true'),
  force: z.enum(['true', 'false'], adminMessages.badDryRun).default('false'),
  encoding: z.enum(ENCODINGS).optional(),
});
const OrderSchema = z.object(
  { order: z.array(z.object({ id: z.string(), version: z.number().int() }), adminMessages.badOrder) },
  adminMessages.badOrder,
);

/** A record with its version as a strong ETag. */
function recordResponse(record: { version: number }, status = 200, headers: Record<string, string> = {}): Response {
  return jsonResponse(record, status, { ...NO_STORE, ETag: etagOf(record.version), ...headers });
}

/** A crop position field: a number from 0 to 100, or none. */
function cropField(value: FormDataEntryValue | string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const number = Number(value);
  if (typeof value !== 'string' || !Number.isFinite(number) || number < 0 || number > 100) {
    throw new HttpError(400, adminMessages.badCrop);
  }
  return number;
}

/**
 * A picture's bytes and where its crop sits: the `picture` file of a multipart form with its `cropX`
 * and `cropY` fields, or an image body as it is with `cropX` and `cropY` in the query.
 */
async function uploadedBytes(request: Request): Promise<{ bytes: Uint8Array; focus?: CropFocus }> {
  const type = request.headers.get('Content-Type') ?? '';
  const focusOf = (x: number | undefined, y: number | undefined) =>
    x === undefined && y === undefined ? {} : { focus: { x: x ?? 50, y: y ?? 50 } };
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new HttpError(400, adminMessages.notAnImage);
    }
    const file = form.get('picture');
    if (!(file instanceof Blob)) throw new HttpError(400, adminMessages.notAnImage);
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      ...focusOf(cropField(form.get('cropX')), cropField(form.get('cropY'))),
    };
  }
  if (/^image\/(?:jpeg|png|webp)\b/i.test(type)) {
    const query = new URL(request.url).searchParams;
    return {
      bytes: new Uint8Array(await request.arrayBuffer()),
      ...focusOf(cropField(query.get('cropX')), cropField(query.get('cropY'))),
    };
  }
  throw new HttpError(415, adminMessages.notAnImage);
}

/** What the admin does to one versioned record (an animal, a category): read it, change or delete it under If-Match. */
interface RecordWrites<Stored extends { version: number }> {
  read(id: string): Promise<Stored | undefined>;
  update(who: Actor, id: string, expected: number | undefined, patch: unknown): Promise<Stored>;
  delete(who: Actor, id: string, expected: number | undefined): Promise<void>;
}

/** GET, PATCH and DELETE of one record at `/…/:id`, the same for every kind of record. */
function recordMethods<Stored extends { version: number }>(
  writes: RecordWrites<Stored>,
  notFound: string,
  json: (request: Request) => Promise<unknown>,
): Partial<Record<Method, Handler>> {
  return {
    GET: async ({ params }) => {
      const record = await writes.read(params.id!);
      if (!record) throw new HttpError(404, notFound);
      return recordResponse(record);
    },
    PATCH: async ({ request, params, who }) =>
      recordResponse(await writes.update(who, params.id!, versionFromIfMatch(request), await json(request))),
    DELETE: async ({ request, params, who }) => {
      await writes.delete(who, params.id!, versionFromIfMatch(request));
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  };
}

export function adminRoutes(
  route: (pathname: string, area: Area, methods: Partial<Record<Method, Handler>>) => void,
  { database, config, now, indexAt }: AdminRouteDependencies,
): void {
  const listAdminAnimals = createAdminAnimals(database.db, indexAt);
  const animals = createAnimalWrites(database, now ? { now } : {});
  const categories = createCategoryWrites(database, now ? { now } : {});
  const bulk = createAnimalBulk(database, now ? { now } : {});
  const trash = createAnimalTrash(database, now ? { now } : {});
  const json = (request: Request) => readJson(request, Math.max(config.maxBodyBytes, 256 * 1024), apiMessages);

  route('/animals', 'catalogue', {
    GET: async ({ url }) => {
      return jsonResponse(await listAdminAnimals(parseOrThrow(AnimalListSchema, queryOf(url))), 200, NO_STORE);
    },
    POST: async ({ request, who }) => {
      const animal = await animals.create(who, await json(request));
      return recordResponse(animal, 201, { Location: `${ADMIN_API_PREFIX}/animals/${animal._id}` });
    },
  });
  route('/animals/bulk', 'catalogue', {
    POST: async ({ request, who }) => jsonResponse(await bulk.apply(who, await json(request)), 200, NO_STORE),
  });
  route('/animals/bulk/:change/undo', 'catalogue', {
    POST: async ({ params, who }) => {
      const change = Number(params.change);
      if (!Number.isInteger(change) || change < 1) throw new HttpError(404, adminMessages.noSuchChange);
      return jsonResponse(await bulk.undo(who, change), 200, NO_STORE);
    },
  });
  route('/animals/:id', 'catalogue', recordMethods(animals, apiMessages.animalNotFound, json));
  route('/trash', 'catalogue', {
    GET: async () => jsonResponse({ animals: await trash.list(), days: TRASH_DAYS }, 200, NO_STORE),
  });
  route('/trash/:id/restore', 'catalogue', {
    POST: async ({ params, who }) => recordResponse(await trash.restore(who, params.id!)),
  });
  /** An upload converted and stored (both sizes): the card-size picture's address. */
  async function storeUpload(request: Request): Promise<string> {
    const { bytes, focus } = await uploadedBytes(request);
    const { card, large } = await convertUpload(bytes, focus);
    const img = await storePicture(database.db, card, 'webp');
    await storePicture(database.db, large, 'webp', img.split('/').pop()!.replace('.webp', '-960.webp'));
    return img;
  }
  route('/animals/:id/picture', 'catalogue', {
    PUT: async ({ request, params, who }) => {
      const version = versionFromIfMatch(request);
      return recordResponse(await animals.setPicture(who, params.id!, version, await storeUpload(request)));
    },
  });
  route('/categories/:id/picture', 'catalogue', {
    PUT: async ({ request, params, who }) => {
      const version = versionFromIfMatch(request);
      return recordResponse(await categories.setPicture(who, params.id!, version, await storeUpload(request)));
    },
  });
  route('/categories', 'catalogue', {
    GET: async () => jsonResponse({ categories: await categories.list() }, 200, NO_STORE),
    POST: async ({ request, who }) => {
      const category = await categories.create(who, await json(request));
      return recordResponse(category, 201, { Location: `${ADMIN_API_PREFIX}/categories/${category._id}` });
    },
  });
  route('/categories/order', 'catalogue', {
    PUT: async ({ request, who }) => {
      const { order } = parseOrThrow(OrderSchema, await json(request));
      return jsonResponse({ categories: await categories.reorder(who, order) }, 200, NO_STORE);
    },
  });
  route('/categories/:id', 'catalogue', recordMethods(categories, apiMessages.categoryNotFound, json));
  route('/audit', 'catalogue', {
    GET: async ({ url }) => {
      const { page } = parseOrThrow(PageSchema, queryOf(url));
      const { entries, total } = await listAudit(database.db, { page, limit: 50 });
      return jsonResponse({ entries, total, page, limit: 50 }, 200, NO_STORE);
    },
  });
  route('/catalogue.csv', 'catalogue', {
    GET: async () => {
      const { bytes } = await exportCatalogueCsv(database.db);
      return new Response(new Uint8Array(bytes), {
        headers: {
          ...NO_STORE,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="catalogue-${new Date().toISOString().slice(0, 10)}.csv"`,
        },
      });
    },
    POST: async ({ request, url, who }) => {
      const type = request.headers.get('Content-Type') ?? '';
      if (!/^(?:text\/csv|application\/octet-stream)\b/i.test(type)) throw new HttpError(415, adminMessages.notCsv);
      const { dryRun, force, encoding } = parseOrThrow(DryRunSchema, queryOf(url));
      const bytes = new Uint8Array(await request.arrayBuffer());
      const result = await importCatalogueCsv(database, who, bytes, {
        dryRun: dryRun === 'true',
        force: force === 'true',
        encoding: encoding,
        ...(now ? { now } : {}),
      });
      if (result.problems.length > 0) {
        return jsonResponse({ message: adminMessages.spreadsheetRefused, ...result }, 422, NO_STORE);
      }
      return jsonResponse(result, 200, NO_STORE);
    },
  });

  contentRoutes((pathname, methods) => route(pathname, 'content', methods), {
    database,
    now,
    json: (request) => readJson(request, Math.max(config.maxBodyBytes, CONTENT_PAGE_MAX_BYTES), apiMessages),
    storeUpload,
  });
}

/** An admin write's refusal as its answer (a picture that is not one, a write the catalogue's rules refuse); undefined for any other error. */
export function adminErrorResponse(error: unknown): Response | undefined {
  if (error instanceof PictureRefusal) return errorResponse(error.status, error.message, NO_STORE);
  if (error instanceof CatalogueWriteError) {
    const current = error.current as { version?: number } | undefined;
    return jsonResponse(
      { message: error.message, fields: error.fields, ...(current ? { current } : {}) },
      WRITE_ERROR_STATUS[error.kind],
      { ...NO_STORE, ...(current?.version !== undefined ? { ETag: etagOf(current.version) } : {}) },
    );
  }
  return undefined;
}
