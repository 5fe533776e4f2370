/** The pieces every part of /api/openapi.json is written with: a schema reference, a JSON body, an error answer. */
import type { z } from 'zod';

export type JsonSchema = Record<string, unknown>;
/** A zod schema as JSON Schema (./openapi.ts's `jsonSchema`, handed to the admin's parts). */
export type Describe = (schema: z.ZodType, io?: 'input' | 'output') => JsonSchema;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown) => ({ 'application/json': { schema } });
/** An error answer whose body is the named schema (`Error`, or the admin's `AdminError` with fields). */
export const errorAnswer = (schemaName: string) => (description: string) => ({
  description,
  content: json(ref(schemaName)),
});
