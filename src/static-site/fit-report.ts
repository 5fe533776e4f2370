/**
 * Whether a built folder fits the static hosts docs/static-hosting.md names, printed at the end of
 * `npm run build:static` (astro.static.config.mjs). The hosts' published limits; "1 GB" is read as
 * 10^9 bytes, the smaller reading, so a folder reported as fitting fits under either.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

const MiB = 1024 * 1024;

export interface FolderFigures {
  files: number;
  bytes: number;
  /** The largest file, its path relative to the folder. */
  largest?: { path: string; bytes: number };
}

interface HostLimits {
  name: string;
  maxBytes?: number;
  maxFiles?: number;
  maxFileBytes?: number;
}

const STATIC_HOSTS: readonly HostLimits[] = [
  { name: 'GitHub Pages', maxBytes: 1e9 },
  { name: 'Cloudflare Pages (free)', maxFiles: 20_000, maxFileBytes: 25 * MiB },
  { name: 'Cloudflare Pages (paid)', maxFiles: 100_000, maxFileBytes: 25 * MiB },
  { name: 'GitLab Pages', maxBytes: 1e9, maxFiles: 200_000 },
];

interface HostFit {
  host: string;
  fits: boolean;
  /** Each limit the folder is over, in words. */
  over: string[];
}

const count = (n: number) => n.toLocaleString('en-US');

/** Bytes in the largest unit that keeps a whole number in front (1.5 MiB, 970 KiB). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

export function hostFits(figures: FolderFigures, hosts: readonly HostLimits[] = STATIC_HOSTS): HostFit[] {
  return hosts.map((host) => {
    const over: string[] = [];
    if (host.maxBytes !== undefined && figures.bytes > host.maxBytes)
      over.push(`${formatBytes(figures.bytes)} in all, over its ${formatBytes(host.maxBytes)}`);
    if (host.maxFiles !== undefined && figures.files > host.maxFiles)
      over.push(`${count(figures.files)} files, over its ${count(host.maxFiles)}`);
    if (host.maxFileBytes !== undefined && figures.largest && figures.largest.bytes > host.maxFileBytes)
      over.push(
        `${figures.largest.path} is ${formatBytes(figures.largest.bytes)}, over its ${formatBytes(host.maxFileBytes)} a file`,
      );
    return { host: host.name, fits: over.length === 0, over };
  });
}

interface ReportLine {
  level: 'info' | 'warn';
  text: string;
}

/** The report's lines: the folder's figures, then one line per host (a warning for each host it does not fit). */
export function fitReport(
  figures: FolderFigures,
  buildMs: number,
  hosts: readonly HostLimits[] = STATIC_HOSTS,
): ReportLine[] {
  const largest = figures.largest ? `${figures.largest.path} (${formatBytes(figures.largest.bytes)})` : 'none';
  const lines: ReportLine[] = [
    {
      level: 'info',
      text: `${count(figures.files)} files, ${formatBytes(figures.bytes)} (${count(figures.bytes)} bytes); largest: ${largest}; built in ${(buildMs / 1000).toFixed(1)} s`,
    },
  ];
  for (const fit of hostFits(figures, hosts)) {
    lines.push(
      fit.fits
        ? { level: 'info', text: `${fit.host}: fits` }
        : { level: 'warn', text: `${fit.host}: DOES NOT FIT, ${fit.over.join('; ')}` },
    );
  }
  return lines;
}

/** Every file under `folder`: how many, their bytes, the largest. */
export async function folderFigures(folder: string): Promise<FolderFigures> {
  const figures: FolderFigures = { files: 0, bytes: 0 };
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    figures.files++;
    figures.bytes += size;
    if (!figures.largest || size > figures.largest.bytes)
      figures.largest = { path: relative(folder, path), bytes: size };
  }
  return figures;
}
