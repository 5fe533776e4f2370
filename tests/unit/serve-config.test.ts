/** The production server refuses a wrong setting before it does anything, naming the setting. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const serve = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });

describe('scripts/serve.ts configuration', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['ALLOWED_ORIGINS', 'ftp:/nope'],
    ['SEED_ON_START', 'perhaps'],
  ])('stops with exit code 1 and names %s', (name, value) => {
    const result = serve({ [name]: value, DATABASE_PATH: ':memory:' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(name);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
