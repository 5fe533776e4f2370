/** Checks DATABASE_PATH before SQLite opens it and creates its missing folders (a bounded number of levels); each problem names the setting. */
import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../config.ts';

const SQLITE_HEADER = 'SQLite format 3\0';

function problem(path: string, text: string): ConfigError {
  return new ConfigError(`DATABASE_PATH=${path}: ${text}`);
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'unknown error';
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined;
    if (code(error) === 'ENOTDIR') return 'not-a-folder' as const;
    throw error;
  }
}

export function prepareSqlitePath(path: string): void {
  if (path === ':memory:') return;
  const file = resolve(path);
  const missing: string[] = [];
  let folder = dirname(file);
  for (;;) {
    const stat = statOrUndefined(folder);
    if (stat === 'not-a-folder') throw problem(path, `a part of ${folder} is a file, not a folder`);
    if (stat && !stat.isDirectory()) throw problem(path, `${folder} is a file, not a folder`);
    if (stat) break;
    missing.unshift(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const level of missing) {
    try {
      mkdirSync(level);
    } catch (error) {
      if (code(error) === 'EEXIST' && statSync(level).isDirectory()) continue; // another server made it
      throw problem(path, `cannot create the folder ${level} (${code(error)})`);
    }
  }
  const stat = statOrUndefined(file);
  if (stat === undefined) return;
  if (stat === 'not-a-folder') throw problem(path, 'a part of the path is a file, not a folder');
  if (stat.isDirectory()) throw problem(path, 'is a folder; name the database file inside it (e.g. data/shop.db)');
  if (!stat.isFile()) throw problem(path, 'is not a regular file');
  if (stat.size === 0) return;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  try {
    const descriptor = openSync(file, 'r');
    try {
      readSync(descriptor, header, 0, header.length, 0);
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    throw problem(path, `cannot be read (${code(error)})`);
  }
  if (header.toString('latin1') !== SQLITE_HEADER) throw problem(path, 'is not an SQLite database file');
}
