/** Checking real API answers against GET /api/openapi.json's schemas (ajv, JSON Schema 2020-12). */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';

const DOCUMENT_ID = 'https://shop.test/api/openapi.json';

/** A JSON pointer from its parts (RFC 6901 escapes). */
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The document's schemas, compiled once: `validator(...parts)` is the schema at that place, if any. */
export function openApiSchemas(document: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return {
    validator: (...parts: string[]) => ajv.getSchema(`${DOCUMENT_ID}#/${pointer(...parts)}`),
    errorsText: (errors: Parameters<typeof ajv.errorsText>[0]) => ajv.errorsText(errors),
  };
}

/** Checks a real answer's JSON against the document's schema for its path template, method and status; returns the body. */
export async function expectDescribed(
  schemas: ReturnType<typeof openApiSchemas>,
  template: string,
  method: string,
  response: Response,
): Promise<unknown> {
  const status = String(response.status);
  const validate = schemas.validator(
    'paths',
    template,
    method,
    'responses',
    status,
    'content',
    'application/json',
    'schema',
  );
  expect(validate, `${method} ${template} ${status} has a schema`).toBeDefined();
  const body: unknown = await response.json();
  expect(validate!(body), `${method} ${template} ${status}: ${schemas.errorsText(validate!.errors)}`).toBe(true);
  return body;
}
