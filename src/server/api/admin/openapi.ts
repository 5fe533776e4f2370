/** The admin API's part of /api/openapi.json; every path needs a session whose token carries `metadata.role: admin`. */
import { ADMIN_ORDERS, ADMIN_SORTS, ADMIN_STATES, ADMIN_STOCKS } from '../../../lib/admin-list.ts';
import {
  AdminAnimalPatchSchema,
  AdminAnimalRecordSchema,
  AdminAnimalSchema,
  AdminCategoryPatchSchema,
  AdminCategoryRecordSchema,
  AdminCategorySchema,
} from '../../../lib/schemas.ts';
import { errorAnswer, json, ref, type Describe, type JsonSchema } from '../openapi-parts.ts';

const error = errorAnswer('AdminError');

const etag = {
  ETag: { description: 'The record’s version, `"v<n>"`: send it as If-Match.', schema: { type: 'string' } },
};
const record = (description: string, name: string) => ({ description, headers: etag, content: json(ref(name)) });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const ifMatch = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description: 'The ETag of the version being changed.',
  schema: { type: 'string' },
};

/** What every admin request may be refused with. */
const refusals = {
  401: error('Signed out, or the session token is invalid or expired.'),
  403: error('Signed in without the admin role, or (for a change) not from the shop’s own origin.'),
  503: error('The server has no Clerk keys: the admin is off (the spreadsheet commands work).'),
};
/** What a change may be refused with, besides those. */
const writeRefusals = {
  ...refusals,
  400: error('A field is not valid: `fields` has a Hebrew message per field.'),
  409: error('The slug is taken (`fields.slug`), or the category is not empty.'),
  415: error('The body is not JSON.'),
};
const versioned = {
  ...writeRefusals,
  404: error('No such record.'),
  412: error('Someone changed it since: `current` is the record as it is now (its ETag in the header).'),
  428: error('If-Match is missing.'),
};
const paging = ['page', 'limit'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'integer' } }));

export function adminPaths(): JsonSchema {
  return {
    '/admin/animals': {
      get: {
        operationId: 'adminListAnimals',
        summary:
          'Admin: animals, hidden ones included, by the shop’s search rules, filtered and sorted, a page at a time',
        parameters: [
          { name: 'search', in: 'query', required: false, schema: { type: 'string' } },
          {
            name: 'category',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'A category’s slug.',
          },
          ...(
            [
              ['state', ADMIN_STATES],
              ['stock', ADMIN_STOCKS],
              ['sort', ADMIN_SORTS],
              ['order', ADMIN_ORDERS],
            ] as const
          ).map(([name, values]) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string', enum: [...values] },
          })),
          ...paging,
        ],
        responses: {
          200: { description: 'A page.', content: json(ref('AdminAnimalPage')) },
          400: error('Bad paging, filter or order.'),
          ...refusals,
        },
      },
      post: {
        operationId: 'adminCreateAnimal',
        summary: 'Admin: a new animal (`category` is a slug); its picture is drawn from its slug',
        requestBody: { required: true, content: json(ref('AdminAnimalInput')) },
        responses: { 201: record('Created; `Location` names it.', 'AdminAnimal'), ...writeRefusals },
      },
    },
    '/admin/animals/{id}': {
      get: {
        operationId: 'adminGetAnimal',
        summary: 'Admin: one animal with its version',
        parameters: [id],
        responses: { 200: record('The animal.', 'AdminAnimal'), 404: error('No such animal.'), ...refusals },
      },
      patch: {
        operationId: 'adminUpdateAnimal',
        summary: 'Admin: change any of its fields',
        parameters: [id, ifMatch],
        requestBody: { required: true, content: json(ref('AdminAnimalPatch')) },
        responses: { 200: record('The animal as saved, with its new ETag.', 'AdminAnimal'), ...versioned },
      },
      delete: {
        operationId: 'adminDeleteAnimal',
        summary: 'Admin: delete it',
        parameters: [id, ifMatch],
        responses: { 204: { description: 'Moved to the trash (restorable for 30 days).' }, ...versioned },
      },
    },
    '/admin/animals/{id}/picture': {
      put: {
        operationId: 'adminPutAnimalPicture',
        summary:
          'Admin: upload its picture (multipart field `picture`, or an image body): JPEG, PNG or WebP, ≤ 5 MB, ≥ 200 px',
        parameters: [id, ifMatch],
        responses: {
          200: record('The animal with its new picture (WebP 480×360; `-960` twice that).', 'AdminAnimal'),
          413: error('Larger than 5 MB.'),
          ...versioned,
        },
      },
    },
    '/admin/categories/{id}/picture': {
      put: {
        operationId: 'adminPutCategoryPicture',
        summary: 'Admin: upload the category’s picture, as for an animal',
        parameters: [id, ifMatch],
        responses: {
          200: record('The category with its new picture.', 'AdminCategory'),
          413: error('Larger than 5 MB.'),
          ...versioned,
        },
      },
    },
    '/admin/categories': {
      get: {
        operationId: 'adminListCategories',
        summary: 'Admin: every category with its place and version',
        responses: { 200: { description: 'The categories.', content: json(ref('AdminCategoryList')) }, ...refusals },
      },
      post: {
        operationId: 'adminCreateCategory',
        summary: 'Admin: a new category, last in the order',
        requestBody: { required: true, content: json(ref('AdminCategoryInput')) },
        responses: { 201: record('Created.', 'AdminCategory'), ...writeRefusals },
      },
    },
    '/admin/categories/order': {
      put: {
        operationId: 'adminOrderCategories',
        summary: 'Admin: put the categories in this order (each named once, with the version seen)',
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: {
              order: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'string' }, version: { type: 'integer' } } },
              },
            },
          }),
        },
        responses: { 200: { description: 'The new order.', content: json(ref('AdminCategoryList')) }, ...versioned },
      },
    },
    '/admin/categories/{id}': {
      get: {
        operationId: 'adminGetCategory',
        summary: 'Admin: one category',
        parameters: [id],
        responses: { 200: record('The category.', 'AdminCategory'), 404: error('No such category.'), ...refusals },
      },
      patch: {
        operationId: 'adminUpdateCategory',
        summary: 'Admin: rename (the old slug then answers 301) or change its description',
        parameters: [id, ifMatch],
        requestBody: { required: true, content: json(ref('AdminCategoryPatch')) },
        responses: { 200: record('The category as saved.', 'AdminCategory'), ...versioned },
      },
      delete: {
        operationId: 'adminDeleteCategory',
        summary: 'Admin: delete it, when no animal is in it',
        parameters: [id, ifMatch],
        responses: { 204: { description: 'Deleted.' }, ...versioned },
      },
    },
    '/admin/animals/bulk': {
      post: {
        operationId: 'adminBulkChangeAnimals',
        summary:
          'Admin: one change to many animals, each at its version — `{ animals: [{ id, version }], change: { kind: hide | show } | { kind: price | stock, by: amount | percent, value } }`; all or none, one audit entry (`change`: its id)',
        requestBody: { required: true, content: json({ type: 'object' }) },
        responses: {
          200: { description: 'Changed: `{ change, animals }`.', content: json({ type: 'object' }) },
          ...versioned,
        },
      },
    },
    '/admin/animals/bulk/{change}/undo': {
      post: {
        operationId: 'adminUndoBulkChange',
        summary: 'Admin: takes back a bulk change (its audit id), unless one of its animals changed since (412)',
        parameters: [{ name: 'change', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { 200: { description: 'Taken back.', content: json({ type: 'object' }) }, ...versioned },
      },
    },
    '/admin/trash': {
      get: {
        operationId: 'adminListTrash',
        summary: 'Admin: the animals deleted in the last 30 days, the latest first',
        responses: { 200: { description: 'The trash.', content: json({ type: 'object' }) }, ...refusals },
      },
    },
    '/admin/trash/{id}/restore': {
      post: {
        operationId: 'adminRestoreFromTrash',
        summary: 'Admin: puts a deleted animal back as it was, at a new version',
        parameters: [id],
        responses: { 200: record('Restored.', 'AdminAnimal'), ...writeRefusals, 404: error('Not in the trash.') },
      },
    },
    '/admin/audit': {
      get: {
        operationId: 'adminListAudit',
        summary: 'Admin: every change, newest first, 50 a page',
        parameters: [paging[0]],
        responses: { 200: { description: 'A page of the audit.', content: json({ type: 'object' }) }, ...refusals },
      },
    },
    '/admin/catalogue.csv': {
      get: {
        operationId: 'adminExportCatalogue',
        summary: 'Admin: the catalogue as a spreadsheet (UTF-8 with BOM)',
        responses: {
          200: { description: 'The file.', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...refusals,
        },
      },
      post: {
        operationId: 'adminImportCatalogue',
        summary: 'Admin: import a spreadsheet (text/csv); `dryRun=true` (the default) only says what would change',
        parameters: ['dryRun', 'force'].map((name) => ({
          name,
          in: 'query',
          required: false,
          schema: { enum: ['true', 'false'] },
        })),
        responses: {
          200: { description: 'What was (or would be) created, changed and left.', content: json({ type: 'object' }) },
          422: error('Bad rows (each with line and column in `problems`): nothing changed.'),
          ...refusals,
        },
      },
    },
  };
}

export function adminSchemas(describe: Describe): JsonSchema {
  return {
    AdminAnimal: describe(AdminAnimalRecordSchema),
    AdminAnimalInput: describe(AdminAnimalSchema, 'input'),
    AdminAnimalPatch: describe(AdminAnimalPatchSchema, 'input'),
    AdminAnimalPage: {
      type: 'object',
      required: ['animals', 'total', 'page', 'limit'],
      properties: {
        animals: { type: 'array', items: ref('AdminAnimal') },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
    AdminCategory: describe(AdminCategoryRecordSchema),
    AdminCategoryInput: describe(AdminCategorySchema, 'input'),
    AdminCategoryPatch: describe(AdminCategoryPatchSchema, 'input'),
    AdminCategoryList: {
      type: 'object',
      required: ['categories'],
      properties: { categories: { type: 'array', items: ref('AdminCategory') } },
    },
    AdminError: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
        current: { type: 'object' },
      },
    },
  };
}
