/** What every owner's write shares: the typed refusal and its status, validation with the API's schemas, the required version. */
import type { z } from 'zod';
import { writeMessages } from './catalogue-messages.ts';

type WriteErrorKind = 'invalid' | 'conflict' | 'not-found' | 'stale' | 'version-required' | 'not-empty';

/** The HTTP status the admin API answers for each refusal. */
export const WRITE_ERROR_STATUS: Record<WriteErrorKind, number> = {
  invalid: 400,
  conflict: 409,
  'not-found': 404,
  stale: 412,
  'version-required': 428,
  'not-empty': 409,
};

/** A refused write: nothing changed. `fields` holds a Hebrew message per field, shown under that field. */
export class CatalogueWriteError extends Error {
  readonly kind: WriteErrorKind;
  readonly fields: Readonly<Record<string, string>>;
  /** For `stale`: the current record, so the form can offer to load the other change. */
  readonly current: unknown;

  constructor(kind: WriteErrorKind, message: string, fields: Readonly<Record<string, string>> = {}, current?: unknown) {
    super(message);
    this.name = 'CatalogueWriteError';
    this.kind = kind;
    this.fields = fields;
    this.current = current;
  }
}

/** Parses with a schema, or refuses with each field's first message. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new CatalogueWriteError('invalid', writeMessages.invalid, fieldErrors(parsed.error));
}

/** The first message per field ('' for the whole form). */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    fields[field] ??= issue.message;
  }
  return fields;
}

export function requireVersion(expectedVersion: number | undefined): number {
  if (expectedVersion === undefined || !Number.isInteger(expectedVersion)) {
    throw new CatalogueWriteError('version-required', writeMessages.versionRequired);
  }
  return expectedVersion;
}

/** The fields a patch sets (zod's partial leaves absent ones undefined). */
export function definedOnly<T extends object>(patch: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
