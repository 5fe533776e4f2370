/**
 * The Content-Security-Policy hash of an inline script, for the pages' own `<script is:inline>`
 * (Astro hashes the scripts it bundles; ours add theirs with allowInlineScript).
 */
import { createHash } from 'node:crypto';
import type { AstroGlobal } from 'astro';

function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/**
 * Lets the page's policy run one of our inline scripts. Only the Node build has a policy
 * (`security.csp` in astro.config.mjs); the static build has none, and there Astro warns at every
 * read of `Astro.csp`, so it is not read at all.
 */
export function allowInlineScript(astro: Pick<AstroGlobal, 'csp'>, source: string): void {
  if (import.meta.env.SHOP_HAS_CSP) astro.csp?.insertScriptHash(scriptHash(source));
}
