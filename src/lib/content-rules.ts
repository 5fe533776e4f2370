/**
 * The rules a saved content page meets (./content-page.ts has its shape and limits), with a Hebrew
 * message per field: the admin API, the command line and the seed check every page with them.
 */
import { z } from 'zod';
import { CONTENT_LIMITS, type ContentInput } from './content-page.ts';
import { contentMessages as m } from './content-messages.ts';

const ID = z.string(m.id).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, m.id);
const ORDER = z.number(m.order).int(m.order);
/** A body's own `#` or `##` heading (ATX, or setext `===` under a line): the section's heading is the page's h2. */
const OUTLINE_HEADING = /^ {0,3}#{1,2}(?:[ \t]|$)|\S[^\n]*\n {0,3}=+[ \t]*$/m;

const SectionSchema = z.object({
  id: ID,
  heading: z.string(m.heading).trim().min(1, m.heading).max(CONTENT_LIMITS.heading, m.heading),
  body: z
    .string(m.body)
    .max(CONTENT_LIMITS.body, m.body)
    .refine((body) => !OUTLINE_HEADING.test(body), m.bodyHeadings),
  order: ORDER,
});

/** A picture is one of the shop's own: an uploaded one (/pictures/<hash>.webp) or one shipped under /team/. */
const PICTURE = /^\/(?:pictures|team)\/[A-Za-z0-9._-]+\.(?:webp|png|jpe?g|svg)$/;

const TeamSchema = z.object({
  id: ID,
  name: z.string(m.name).trim().min(1, m.name).max(CONTENT_LIMITS.name, m.name),
  role: z.string(m.role).trim().min(1, m.role).max(CONTENT_LIMITS.role, m.role),
  picture: z.string(m.picture).regex(PICTURE, m.picture).nullable().default(null),
  order: ORDER,
});

const unique = (items: { id: string }[]) => new Set(items.map(({ id }) => id)).size === items.length;

/** What a save sends: the whole page (sections, and the team for the about page). */
export const ContentInputSchema: z.ZodType<ContentInput, unknown> = z.object({
  sections: z
    .array(SectionSchema, m.sections)
    .min(1, m.sections)
    .max(CONTENT_LIMITS.sections, m.sections)
    .refine(unique, m.duplicateId),
  team: z.array(TeamSchema, m.team).max(CONTENT_LIMITS.team, m.team).refine(unique, m.duplicateId).default([]),
});

/** A Hebrew message per field, named by its path (`sections.2.heading`; '' for the whole page). */
export function contentFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}
