/** Is this failure the disk filling up (SQLITE_FULL, ENOSPC, EDQUOT, PostgreSQL 53100), in the error or its causes? */
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
