/**
 * .env.example, the operator's list of settings: each setting once (a repeated key silently replaces
 * the value typed in the first), every setting the server reads (src/server/config.ts) listed, and
 * nothing listed that nothing reads.
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLERK_VARIABLES, readClerkSettings } from '../../src/server/clerk-settings.ts';
import { loadConfig, readPublicApiUrl } from '../../src/server/config.ts';

const EXAMPLE = readFileSync('.env.example', 'utf8');

/** The keys assigned in a .env text, in order, repeats kept. */
function assignedKeys(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
    .filter((key) => key !== undefined);
}

function repeated(keys: string[]): string[] {
  return [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
}

/** Every variable name the configuration readers look up, recorded through an environment that has none. */
function settingsTheServerReads(): string[] {
  const read = new Set<string>();
  const env = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env);
  readPublicApiUrl(env);
  readClerkSettings(env, true);
  // Read only once the keys are valid (the JWT key), so named from the list itself.
  for (const name of Object.values(CLERK_VARIABLES)) read.add(name);
  return [...read].sort();
}

describe('.env.example', () => {
  it('sets each setting once', () => {
    expect(repeated(assignedKeys(EXAMPLE))).toEqual([]);
  });

  it('lists every setting the server reads, and only those', () => {
    const listed = assignedKeys(EXAMPLE).sort();
    const read = settingsTheServerReads();
    expect(read.length).toBeGreaterThan(10);
    expect(listed).toEqual(read);
  });

  it('parses as a .env file, and its values are the defaults the server starts with', () => {
    const values = parseEnv(EXAMPLE);
    expect(loadConfig(values)).toEqual(loadConfig({}));
  });
});
