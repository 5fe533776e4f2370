/**
 * The Content-Security-Policy hash of an inline script, for the pages' own `<script is:inline>`
 * (Astro hashes the scripts it bundles; ours add theirs with Astro.csp.insertScriptHash).
 */
import { createHash } from 'node:crypto';

export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}
