/**
 * The README and every page under docs/ name only what exists: each relative link (and the heading
 * its #anchor points at, in a Markdown file), each repository path written as code (`src/…`), and
 * each file named by itself (`kept-answers.ts`). The code's comments too: every path they name (`src/…`,
 * `docs/…`, `./x.ts` from the file's own folder) is there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** Folders a reader makes by running something (git-ignored): named in the docs, absent from a fresh clone. */
const GENERATED = ['node_modules', 'dist', 'dist-static', 'data', 'reports', 'bench-results', 'test-results', '.astro'];
/** Files the build makes (dist/server/entry.mjs), named by themselves. */
const GENERATED_FILES = ['entry.mjs'];
/** First folders of a path written as code that are the repository's own (other code spans are URLs, commands…). */
const REPOSITORY_FOLDERS = ['src', 'scripts', 'tests', 'docs', 'public', '.ci', ...GENERATED];
/** Extensions of source files a page may name by themselves (`totals.ts`). */
const SOURCE_FILE = /^[\w.[\]-]+\.(?:ts|tsx|astro|mjs|sh)$/;
function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [relative(ROOT, path)] : [];
  });
}

const repositoryFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const basenames = new Set(repositoryFiles.map((path) => basename(path)));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{M}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  return new Set(
    withoutCodeBlocks(markdown)
      .split('\n')
      .flatMap((line) => {
        const heading = /^#{1,6}\s+(.*)$/.exec(line);
        return heading ? [anchorOf(heading[1]!)] : [];
      }),
  );
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** What a page names that does not exist, one line each. */
function brokenReferences(file: string, markdown: string): string[] {
  const text = withoutCodeBlocks(markdown);
  const broken: string[] = [];
  const exists = (path: string) => existsSync(join(ROOT, path));

  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // https:, mailto:
    const [pathPart, anchor] = target!.split('#') as [string, string | undefined];
    const path = pathPart === '' ? file : join(dirname(file), decodeURIComponent(pathPart));
    if (!exists(path)) {
      broken.push(`link ${target}`);
      continue;
    }
    if (!anchor || !path.endsWith('.md')) continue;
    const linked = pathPart === '' ? markdown : readFileSync(join(ROOT, path), 'utf8');
    if (!anchorsIn(linked).has(anchor)) broken.push(`link ${target} (no such heading)`);
  }

  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const code = span!.trim();
    if (/[\s{}<>*…|$]/.test(code)) continue; // placeholders, globs, commands
    const first = code.split('/')[0]!;
    if (code.includes('/') && REPOSITORY_FOLDERS.includes(first)) {
      if (GENERATED.includes(first)) continue;
      if (!exists(code.replace(/:\d+$/, ''))) broken.push(`path ${code}`);
    } else if (
      !code.includes('/') &&
      SOURCE_FILE.test(code) &&
      !basenames.has(code) &&
      !GENERATED_FILES.includes(code)
    ) {
      broken.push(`file ${code}`);
    }
  }
  return broken;
}

const PAGES = ['README.md', ...markdownFiles(join(ROOT, 'docs'))];

const COMMENT = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
/** A path in a comment: from the repository's root (`src/…`) or from the file's folder (`./x.ts`, `../db/`). */
const COMMENT_PATH =
  /(?<![\w/.@-])((?:\.\.?\/)+[\w.[\]/-]*[\w\]]|(?:src|scripts|tests|docs|public|\.ci)\/[\w.[\]/-]*[\w\]/])/g;

/** The paths a source file's comments name that do not exist. */
function brokenCommentPaths(file: string, source: string): string[] {
  const broken: string[] = [];
  for (const [comment] of source.matchAll(COMMENT))
    for (const [, path] of comment.matchAll(COMMENT_PATH)) {
      if (GENERATED.includes(path!.split('/')[0]!)) continue;
      if (!existsSync(join(ROOT, path!.startsWith('.') ? join(dirname(file), path!) : path!))) broken.push(path!);
    }
  return broken;
}

// This file is left out: its own example names paths that do not exist, on purpose.
const SOURCES = repositoryFiles.filter(
  (path) =>
    /^(?:src|scripts|tests)\/.*\.(?:ts|tsx|astro|mjs|css)$/.test(path) && path !== 'tests/unit/docs-links.test.ts',
);

describe('code comments name only what exists', () => {
  it('finds the sources', () => {
    expect(SOURCES).toContain('src/server/config.ts');
  });

  it.each(SOURCES)('%s', (file) => {
    expect(brokenCommentPaths(file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('catches a path from the root and one from the file’s folder', () => {
    const source = [
      '/** See src/server/config.ts and src/server/gone.ts (./edge.ts, ./nowhere.ts). */',
      "const url = '/api/x'; // docs/api.md, docs/gone.md",
    ].join('\n');
    expect(brokenCommentPaths('src/server/http/x.ts', source)).toEqual([
      'src/server/gone.ts',
      './nowhere.ts',
      'docs/gone.md',
    ]);
  });
});

describe('the README and docs/ name only what exists', () => {
  it('finds the pages', () => {
    expect(PAGES).toContain('README.md');
    expect(PAGES.length).toBeGreaterThan(10);
  });

  it.each(PAGES)('%s', (file) => {
    expect(brokenReferences(file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('catches a broken link, a missing heading, a missing path and a missing file', () => {
    const page = [
      '# Title',
      '[ok](docs/api.md) [ok too](#title) [gone](docs/gone.md) [no heading](docs/api.md#nowhere)',
      '`src/server/config.ts` `src/server/api/client-errors.ts` `edge.ts` `client-errors.ts`',
      '`npm run build` `/api/categories` `src/features/<name>/` `dist/server/entry.mjs`',
    ].join('\n');
    expect(brokenReferences('README.md', page)).toEqual([
      'link docs/gone.md',
      'link docs/api.md#nowhere (no such heading)',
      'path src/server/api/client-errors.ts',
      'file client-errors.ts',
    ]);
  });
});
