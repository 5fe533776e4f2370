/**
 * The content pages as files under src/content/<page>/ (so content can also live in git): a Markdown
 * file per section (front matter: heading, order; its file name is the section's id) and, for the about
 * page, team.yaml (id, name, role, avatar, order). They seed an empty database and are what
 * `npm run content -- export|import` writes and reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { inOrder, type ContentInput, type ContentPageName } from '../../lib/content-page.ts';

/** src/content, found from this file (scripts, tests) or from the working folder (the built server runs from the project). */
export function contentFolder(): string {
  const beside = fileURLToPath(new URL('../../content/', import.meta.url));
  return existsSync(join(beside, 'about')) ? beside : join(process.cwd(), 'src/content');
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

interface TeamLine {
  id: string;
  name: string;
  role: string;
  avatar?: string;
  order: number;
}

/** A page's files as a page to save (unchecked: the caller validates it as any save). */
export function readContentFiles(page: ContentPageName, folder = contentFolder()): ContentInput | undefined {
  const dir = join(folder, page);
  if (!existsSync(dir)) return undefined;
  const sections = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const [, head = '', body = text] = FRONT_MATTER.exec(text) ?? [];
      const meta = (parse(head) ?? {}) as { heading?: unknown; order?: unknown };
      return {
        id: name.slice(0, -3),
        heading: typeof meta.heading === 'string' ? meta.heading : '',
        body: body.trim(),
        order: Number(meta.order),
      };
    });
  const teamFile = join(dir, 'team.yaml');
  const lines = existsSync(teamFile) ? ((parse(readFileSync(teamFile, 'utf8')) ?? []) as TeamLine[]) : [];
  const team = lines.map(({ id, name, role, avatar, order }) => ({
    id: String(id),
    name: String(name),
    role: String(role),
    picture: avatar ?? null,
    order: Number(order),
  }));
  return { sections: inOrder(sections), team: inOrder(team) };
}
