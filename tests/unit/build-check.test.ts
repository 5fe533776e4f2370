/**
 * `npm start` builds again when the build is missing, a source is newer than the build, or a
 * build-time setting (PUBLIC_*, from the environment or .env) differs from the one the build was
 * made with (scripts/build-check.ts); it serves the build it has otherwise.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuildReason, stampBuild } from '../../scripts/build-check.ts';

let root: string;
const past = new Date(Date.now() - 60_000);

/** A project whose sources are a minute old, built now with `.env` and `env`. */
function built(dotEnv: string, env: NodeJS.ProcessEnv = {}) {
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src/page.astro'), '<p>shop</p>');
  utimesSync(join(root, 'src/page.astro'), past, past);
  utimesSync(join(root, 'src'), past, past);
  writeFileSync(join(root, '.env'), dotEnv);
  mkdirSync(join(root, 'dist/server'), { recursive: true });
  writeFileSync(join(root, 'dist/server/entry.mjs'), '');
  stampBuild(root, env);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'shop-build-check-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start: is the build current?', () => {
  it('no build: build', () => {
    expect(staleBuildReason(root, {})).toBe('there is no build');
  });

  it('the same sources and settings: serve the build as it is', () => {
    built('PUBLIC_SITE_URL=https://shop.example\nPORT=4321\n');
    expect(staleBuildReason(root, {})).toBeUndefined();
  });

  it('a source newer than the build: build', () => {
    built('');
    writeFileSync(join(root, 'src/page.astro'), '<p>new</p>');
    utimesSync(join(root, 'src/page.astro'), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    expect(staleBuildReason(root, {})).toBe('src changed since the last build');
  });

  it('a PUBLIC_ value changed in .env: build', () => {
    built('PUBLIC_SITE_URL=https://shop.example\n');
    writeFileSync(join(root, '.env'), 'PUBLIC_SITE_URL=https://other.example\n');
    expect(staleBuildReason(root, {})).toBe('a build-time setting (PUBLIC_*) changed');
  });

  it('a PUBLIC_ value added to .env.production, or set in the environment over .env: build', () => {
    built('PUBLIC_SITE_URL=https://shop.example\n');
    expect(staleBuildReason(root, { PUBLIC_SITE_URL: 'https://env.example' })).toMatch(/PUBLIC_/);
    expect(staleBuildReason(root, { PUBLIC_API_URL: '/api' })).toMatch(/PUBLIC_/);
    writeFileSync(join(root, '.env.production'), 'PUBLIC_CONTACT_EMAIL=owner@shop.example\n');
    expect(staleBuildReason(root, {})).toMatch(/PUBLIC_/);
  });

  it('the environment repeating what .env says, or a run-time setting changed: no build', () => {
    built('PUBLIC_SITE_URL=https://shop.example\nPORT=4321\n');
    expect(staleBuildReason(root, { PUBLIC_SITE_URL: 'https://shop.example' })).toBeUndefined();
    writeFileSync(join(root, '.env'), 'PUBLIC_SITE_URL=https://shop.example\nPORT=5000\nDATABASE_PATH=x.db\n');
    expect(staleBuildReason(root, { HOST: '0.0.0.0' })).toBeUndefined();
  });

  it('a build made without npm start (no record of its settings): build', () => {
    built('');
    rmSync(join(root, 'dist/build-env.sha256'));
    expect(staleBuildReason(root, {})).toMatch(/unknown/);
  });
});
