/**
 * Several servers behind one load balancer must not keep anything a request needs in one server's
 * memory or disk. Astro's node adapter enables sessions with filesystem storage by default (a
 * folder per server); the shop uses none, and this keeps it so: a session would belong to one
 * server only. (Sign-in state is Clerk's signed cookie, checked on every server alike.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(?:ts|tsx|astro|mjs|js)$/.test(name) ? [path] : [];
  });
}

describe('nothing a request needs lives in one server', () => {
  it('uses no Astro sessions (per-server filesystem storage)', () => {
    const users = sources('src').filter((path) =>
      /\b(?:Astro|context|ctx)\.session\b|\blocals\.session\b/.test(readFileSync(path, 'utf8')),
    );
    expect(users).toEqual([]);
  });
});
