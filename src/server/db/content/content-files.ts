/**
 * The content pages as files under src/content/<page>/ (a Markdown file per section, team.yaml, page.yaml naming the
 * version an export came from): they seed an empty database and are what `npm run content` writes and reads.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { inOrder, type ContentInput, type ContentPageName } from '../../../lib/content-page.ts';

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

/** The version an export was taken from (page.yaml); undefined for files that never came from an export. */
export function readFilesVersion(page: ContentPageName, folder = contentFolder()): number | undefined {
  const file = join(folder, page, 'page.yaml');
  if (!existsSync(file)) return undefined;
  const { version } = (parse(readFileSync(file, 'utf8')) ?? {}) as { version?: unknown };
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
}

/** Writes a page as its files, replacing the ones there (a section removed in the shop goes from git too). */
export function writeContentFiles(
  page: ContentPageName,
  content: ContentInput & { version: number },
  folder = contentFolder(),
): void {
  const dir = join(folder, page);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.md') || name === 'team.yaml') rmSync(join(dir, name));
  }
  for (const section of content.sections) {
    const head = stringify({ heading: section.heading, order: section.order }).trimEnd();
    writeFileSync(join(dir, `${section.id}.md`), `---\n${head}\n---\n\n${section.body.trim()}\n`);
  }
  if (content.team.length > 0) {
    const lines = content.team.map(({ id, name, role, picture, order }) => ({
      id,
      name,
      role,
      ...(picture ? { avatar: picture } : {}),
      order,
    }));
    writeFileSync(join(dir, 'team.yaml'), stringify(lines));
  }
  writeFileSync(
    join(dir, 'page.yaml'),
    `# The shop's version these files were exported from: an import refuses them once the shop has a newer one.\n${stringify({ version: content.version })}`,
  );
}
