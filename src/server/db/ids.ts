import { createHash, randomBytes } from 'node:crypto';

/** A 24-hex-digit id, stable for the same kind and slug (so reseeding keeps links working). */
export function stableId(kind: 'category' | 'animal', slug: string): string {
  return createHash('sha256').update(`${kind}:${slug}`).digest('hex').slice(0, 24);
}

/** A fresh random 24-hex-digit id. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
