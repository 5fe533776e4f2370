/**
 * Is this failure the disk filling up? SQLite says SQLITE_FULL ("database or disk is full"), the system
 * ENOSPC (a file written beside it) or EDQUOT (a quota), PostgreSQL 53100 (disk_full). Looked for in the
 * error and its causes (the migrator and the backups wrap what the driver threw). Such a write is refused
 * with a 503 and nothing of it is kept (src/server/api/router.ts); the server goes on.
 */
const OUT_OF_SPACE = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100']);

export function isOutOfSpace(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, outOfSpace } = current as { code?: unknown; outOfSpace?: unknown };
    if (outOfSpace === true || (typeof code === 'string' && OUT_OF_SPACE.has(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
