/** The query parameters of the API's GET endpoints that are not in src/lib/schemas.ts. */
import { z } from 'zod';
import { MAX_FAVOURITES } from '../../lib/favourites.ts';
import { PageQuerySchema, SuggestQuerySchema } from '../../lib/schemas.ts';
import { apiMessages } from './messages.ts';

export const CategoryQuerySchema = z.object({
  isPopulate: z.enum(['true', 'false'], apiMessages.badIsPopulate).optional(),
  ...PageQuerySchema.shape,
});

/** Query of GET animals/suggest: the text typed so far. */
export { SuggestQuerySchema };

/** Query of GET animals: up to MAX_FAVOURITES ids, comma-separated (a list of favourites). */
export const AnimalIdsQuerySchema = z.object({
  ids: z
    .string(apiMessages.badIds)
    .regex(new RegExp(`^[0-9a-f]{24}(?:,[0-9a-f]{24}){0,${MAX_FAVOURITES - 1}}$`), apiMessages.badIds)
    .transform((ids) => ids.split(','))
    .describe(`Up to ${MAX_FAVOURITES} animals' ids, comma-separated.`),
});
