/** The files of BACKUP_DIR, named by the second they were taken in UTC (`shop-20261201T063000Z.db`, `-before-<migration>`); hidden until checked. */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const NAME = /^shop-(\d{8}T\d{6}Z)(?:-(\d+))?(?:-before-([\w.-]+?))?\.(db|dump)$/;
const PARTIAL = /^\.shop-.+\.partial$/;
/** A partial file older than this is what a process that died mid-backup left. */
const STALE_PARTIAL_MS = 24 * 3600 * 1000;

interface BackupFile {
  name: string;
  /** When it was taken (to the second). */
  at: Date;
  /** The migration it was taken before, for one taken before a migration. */
  before: string | undefined;
  /** Two taken in one second: 2, 3… */
  sequence: number;
}

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** The file's name for a backup taken at `at` (unique in `dir`). */
export function backupName(dir: string, at: Date, extension: 'db' | 'dump', before?: string): string {
  for (let sequence = 1; ; sequence++) {
    const name = `shop-${stamp(at)}${sequence > 1 ? `-${sequence}` : ''}${before ? `-before-${before}` : ''}.${extension}`;
    if (!existsSync(join(dir, name)) && !existsSync(join(dir, partialName(name)))) return name;
  }
}

/** The hidden name a backup is written under until it is checked. */
export const partialName = (name: string) => `.${name}.partial`;

function parse(name: string): BackupFile | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, time = '', sequence, before] = match;
  const iso = `${time.slice(0, 4)}-${time.slice(4, 6)}-${time.slice(6, 8)}T${time.slice(9, 11)}:${time.slice(11, 13)}:${time.slice(13, 15)}Z`;
  return { name, at: new Date(iso), before, sequence: Number(sequence ?? 1) };
}

/** The backups in `dir`, oldest first (none when the folder does not exist). */
function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map(parse)
    .filter((file) => file !== undefined)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.sequence - b.sequence);
}

/** Keeps the newest `keep` regular backups (those before a migration stay) and removes a dead process's partial files; the names removed. */
export function pruneBackups(dir: string, keep: number, now = Date.now()): string[] {
  const regular = listBackups(dir).filter((file) => file.before === undefined);
  const removed = regular.slice(0, Math.max(0, regular.length - keep)).map((file) => file.name);
  for (const name of readdirSync(dir)) {
    if (!PARTIAL.test(name)) continue;
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs > STALE_PARTIAL_MS) removed.push(name);
  }
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}
