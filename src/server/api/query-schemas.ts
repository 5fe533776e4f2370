/** The query parameters of the API's GET endpoints that are not in src/lib/schemas.ts. */
import { z } from 'zod';
import { PageQuerySchema, SuggestQuerySchema } from '../../lib/schemas.ts';
import { apiMessages } from './messages.ts';

export const CategoryQuerySchema = z.object({
  isPopulate: z.enum(['true', 'false'], apiMessages.badIsPopulate).optional(),
  ...PageQuerySchema.shape,
});

/** Query of GET animals/suggest: the text typed so far. */
export { SuggestQuerySchema };
