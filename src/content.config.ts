/**
 * Content an editor changes without touching code: the about page's sections (Markdown
 * with a heading in the front matter) and its team (one YAML list).
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** src/content/about/<id>.md: intro, mission, story, team — the page shows them in `order`. */
const about = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/about' }),
  schema: z.object({
    heading: z.string().min(1),
    order: z.number().int(),
  }),
});

/** src/content/about/team.yaml: the four team members, in `order`. */
const team = defineCollection({
  loader: file('src/content/about/team.yaml'),
  schema: z.object({
    name: z.string().min(1),
    role: z.string().min(1),
    /** A picture under public/; without one (or when it fails to load) the initials show. */
    avatar: z.string().optional(),
    order: z.number().int(),
  }),
});

export const collections = { about, team };
