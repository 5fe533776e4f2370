/**
 * The report at the end of `npm run build:static` (src/static-site/fit-report.ts): a real folder's
 * figures, and a line per static host saying whether the folder fits, a warning when it does not.
 * Big files are sparse (their size without their bytes on disk).
 */
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitReport, folderFigures, hostFits, type FolderFigures } from '../../src/static-site/fit-report.ts';

const MiB = 1024 * 1024;
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'shop-fit-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** The hosts a folder does not fit, with what it is over. */
const overs = (figures: FolderFigures) =>
  Object.fromEntries(
    hostFits(figures)
      .filter((fit) => !fit.fits)
      .map((fit) => [fit.host, fit.over]),
  );

describe('the static build’s fit report', () => {
  it('counts a folder’s files and bytes and names its largest file', async () => {
    mkdirSync(join(folder, 'products/a1'), { recursive: true });
    writeFileSync(join(folder, 'index.html'), 'x'.repeat(300));
    writeFileSync(join(folder, 'products/a1/index.html'), 'y'.repeat(1200));
    writeFileSync(join(folder, '404.html'), 'z'.repeat(10));
    expect(await folderFigures(folder)).toEqual({
      files: 3,
      bytes: 1510,
      largest: { path: join('products', 'a1', 'index.html'), bytes: 1200 },
    });
  });

  it('a small folder fits every host, and no line is a warning', async () => {
    writeFileSync(join(folder, 'index.html'), '<p>shop</p>');
    const lines = fitReport(await folderFigures(folder), 12_345);
    expect(lines.map((line) => line.level)).toEqual(['info', 'info', 'info', 'info', 'info']);
    expect(lines[0]!.text).toBe('1 files, 11 B (11 bytes); largest: index.html (11 B); built in 12.3 s');
    expect(lines.slice(1).map((line) => line.text)).toEqual([
      'GitHub Pages: fits',
      'Cloudflare Pages (free): fits',
      'Cloudflare Pages (paid): fits',
      'GitLab Pages: fits',
    ]);
  });

  it('a folder of 1.1 GB is over GitHub Pages and GitLab Pages, with a warning for each', async () => {
    // Each file under Cloudflare's 25 MiB a file: only the total is over.
    for (let i = 0; i < 50; i++) {
      writeFileSync(join(folder, `part-${i}.bin`), '');
      truncateSync(join(folder, `part-${i}.bin`), 22_000_000);
    }
    const figures = await folderFigures(folder);
    expect(figures.bytes).toBe(1_100_000_000);
    expect(overs(figures)).toEqual({
      'GitHub Pages': ['1.02 GiB in all, over its 953.7 MiB'],
      'GitLab Pages': ['1.02 GiB in all, over its 953.7 MiB'],
    });
    const warnings = fitReport(figures, 1000).filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.text)).toEqual([
      'GitHub Pages: DOES NOT FIT, 1.02 GiB in all, over its 953.7 MiB',
      'GitLab Pages: DOES NOT FIT, 1.02 GiB in all, over its 953.7 MiB',
    ]);
  });

  it('a file over 25 MiB is over both Cloudflare plans, naming the file', async () => {
    mkdirSync(join(folder, 'search'));
    writeFileSync(join(folder, 'search/index.json'), '');
    truncateSync(join(folder, 'search/index.json'), 25 * MiB + 1);
    writeFileSync(join(folder, 'index.html'), '<p>shop</p>');
    const over = `${join('search', 'index.json')} is 25.0 MiB, over its 25.0 MiB a file`;
    expect(overs(await folderFigures(folder))).toEqual({
      'Cloudflare Pages (free)': [over],
      'Cloudflare Pages (paid)': [over],
    });
  });

  it('a file of exactly 25 MiB fits', async () => {
    writeFileSync(join(folder, 'index.json'), '');
    truncateSync(join(folder, 'index.json'), 25 * MiB);
    expect(overs(await folderFigures(folder))).toEqual({});
  });

  it('more files than each host takes: 20,001 over Cloudflare’s free plan only, then the paid one, then GitLab', () => {
    // Figures, not folders of 200,001 files: counting a real folder is the first test's.
    expect(overs({ files: 20_000, bytes: 20_000 })).toEqual({});
    expect(overs({ files: 20_001, bytes: 20_001 })).toEqual({
      'Cloudflare Pages (free)': ['20,001 files, over its 20,000'],
    });
    expect(overs({ files: 100_001, bytes: 100_001 })).toEqual({
      'Cloudflare Pages (free)': ['100,001 files, over its 20,000'],
      'Cloudflare Pages (paid)': ['100,001 files, over its 100,000'],
    });
    expect(Object.keys(overs({ files: 200_001, bytes: 200_001 }))).toEqual([
      'Cloudflare Pages (free)',
      'Cloudflare Pages (paid)',
      'GitLab Pages',
    ]);
  });
});
