/** The content pages' part of /api/openapi.json; every path needs a session whose role reaches the content. */
import { CONTENT_PAGE_NAMES } from '../../../lib/content-page.ts';
import { ContentInputSchema } from '../../../lib/content-rules.ts';
import { errorAnswer, json, ref, type Describe, type JsonSchema } from '../openapi-parts.ts';

const error = errorAnswer('AdminError');

const etag = {
  ETag: { description: 'The page’s version, `"v<n>"`: send it as If-Match.', schema: { type: 'string' } },
};
const page = { name: 'page', in: 'path', required: true, schema: { enum: [...CONTENT_PAGE_NAMES] } };
const version = { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const ifMatch = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description: 'The ETag of the version the editor started from.',
  schema: { type: 'string' },
};
const refusals = {
  401: error('Signed out, or the session token is invalid or expired.'),
  403: error('Signed in without the editor or admin role, or (for a change) not from the shop’s own origin.'),
  404: error('No such page (only `about` and `accessibility`) or version.'),
  503: error('The server has no Clerk keys: the admin is off.'),
};
const saved = { description: 'The saved page (a new version).', headers: etag, content: json(ref('ContentPage')) };
const versionedRefusals = {
  ...refusals,
  400: error('A field is not valid: `fields` has a Hebrew message per field (`sections.2.body`, `team.0.name`).'),
  412: error('Someone saved the page since: `current` is the page as it is now (its ETag in the header).'),
  428: error('If-Match is missing.'),
};

export function contentPaths(): JsonSchema {
  return {
    '/admin/pages/{page}': {
      get: {
        operationId: 'getContentPage',
        summary: 'Content: a page (sections; the team for `about`) with its version',
        parameters: [page],
        responses: { 200: { description: 'The page.', headers: etag, content: json(ref('ContentPage')) }, ...refusals },
      },
      put: {
        operationId: 'saveContentPage',
        summary: 'Content: save the whole page as its next version (saving publishes)',
        parameters: [page, ifMatch],
        requestBody: { required: true, content: json(ref('ContentPageInput')) },
        responses: { 200: saved, ...versionedRefusals, 415: error('The body is not JSON.') },
      },
    },
    '/admin/pages/{page}/history': {
      get: {
        operationId: 'listContentVersions',
        summary: 'Content: the page’s saved versions, newest first, 20 a page',
        parameters: [page, { name: 'page', in: 'query', required: false, schema: { type: 'integer' } }],
        responses: { 200: { description: 'A page of versions.', content: json(ref('ContentHistory')) }, ...refusals },
      },
    },
    '/admin/pages/{page}/history/{version}': {
      get: {
        operationId: 'getContentVersion',
        summary: 'Content: one saved version, with who saved it and when',
        parameters: [page, version],
        responses: { 200: { description: 'The version.', content: json(ref('ContentVersion')) }, ...refusals },
      },
    },
    '/admin/pages/{page}/history/{version}/restore': {
      post: {
        operationId: 'restoreContentVersion',
        summary: 'Content: save an older version’s content again, as the next version',
        parameters: [page, version, ifMatch],
        responses: { 200: saved, ...versionedRefusals },
      },
    },
    '/admin/pages/about/picture': {
      post: {
        operationId: 'uploadTeamPicture',
        summary: 'Content: a team member’s picture (JPEG, PNG or WebP; the catalogue’s limits), stored as WebP',
        requestBody: {
          required: true,
          content: {
            'image/jpeg': { schema: { type: 'string', format: 'binary' } },
            'image/png': { schema: { type: 'string', format: 'binary' } },
            'image/webp': { schema: { type: 'string', format: 'binary' } },
            'multipart/form-data': { schema: { type: 'object', properties: { picture: { type: 'string' } } } },
          },
        },
        responses: {
          201: {
            description: 'Stored: the address to put in the member’s `picture`.',
            content: json({ type: 'object', required: ['picture'], properties: { picture: { type: 'string' } } }),
          },
          ...refusals,
          400: error('Not a picture it can read, or too small.'),
          413: error('Over 5 MB.'),
          415: error('Not an image.'),
        },
      },
    },
  };
}

export function contentSchemas(describe: Describe): JsonSchema {
  const summary = {
    version: { type: 'integer' },
    authorId: { type: 'string' },
    authorName: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    restoredFrom: { type: ['integer', 'null'] },
  };
  return {
    ContentPageInput: describe(ContentInputSchema, 'input'),
    ContentPage: {
      type: 'object',
      required: ['page', 'version', 'sections', 'team'],
      properties: {
        page: { enum: [...CONTENT_PAGE_NAMES] },
        version: { type: 'integer' },
        sections: (describe(ContentInputSchema) as { properties: Record<string, unknown> }).properties.sections,
        team: (describe(ContentInputSchema) as { properties: Record<string, unknown> }).properties.team,
      },
    },
    ContentVersion: { allOf: [ref('ContentPage'), { type: 'object', properties: summary }] },
    ContentHistory: {
      type: 'object',
      required: ['versions', 'total', 'page', 'limit'],
      properties: {
        versions: { type: 'array', items: { type: 'object', required: Object.keys(summary), properties: summary } },
        total: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
      },
    },
  };
}
