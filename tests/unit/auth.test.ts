import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTar } from '../../scripts/clerk-bundles.ts';
import { CLERK_JS_PATH, CLERK_UI_PATH } from '../../src/lib/clerk-bundles.ts';
import { hasSessionCookie, mayCarryClerkSession } from '../../src/lib/session-cookie.ts';
import { isPublishableKey, readClerkSettings } from '../../src/features/auth/clerk-settings.server.ts';

const PK = `pk_live_${Buffer.from('clerk.tiflatzim.test$').toString('base64')}`;
const SK = 'sk_live_abc123';

describe('Clerk settings', () => {
  it('are "not configured" without keys, naming both variables', () => {
    expect(readClerkSettings({}, true)).toEqual({
      configured: false,
      problems: [
        { variable: 'PUBLIC_CLERK_PUBLISHABLE_KEY', problem: 'missing' },
        { variable: 'CLERK_SECRET_KEY', problem: 'missing' },
      ],
    });
    expect(readClerkSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: ' ', CLERK_SECRET_KEY: '' }, true).configured).toBe(false);
  });

  it('need both keys', () => {
    expect(readClerkSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: PK }, true)).toEqual({
      configured: false,
      problems: [{ variable: 'CLERK_SECRET_KEY', problem: 'missing' }],
    });
    expect(readClerkSettings({ CLERK_SECRET_KEY: SK }, true)).toEqual({
      configured: false,
      problems: [{ variable: 'PUBLIC_CLERK_PUBLISHABLE_KEY', problem: 'missing' }],
    });
  });

  it('turn malformed keys into "invalid", never into a crash', () => {
    const settings = readClerkSettings(
      { PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_live_nonsense', CLERK_SECRET_KEY: 'secret' },
      true,
    );
    expect(settings).toEqual({
      configured: false,
      problems: [
        { variable: 'PUBLIC_CLERK_PUBLISHABLE_KEY', problem: 'invalid' },
        { variable: 'CLERK_SECRET_KEY', problem: 'invalid' },
      ],
    });
  });

  it('with keys, point the browser at the self-hosted bundles', () => {
    expect(readClerkSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: PK, CLERK_SECRET_KEY: SK }, true)).toEqual({
      configured: true,
      secretKey: SK,
      jwtKey: undefined,
      browser: { publishableKey: PK, clerkJSUrl: CLERK_JS_PATH, clerkUIUrl: CLERK_UI_PATH },
    });
    expect(CLERK_JS_PATH).toBe('/clerk/clerk-js@6.34.1/clerk.browser.js');
    expect(CLERK_UI_PATH).toBe('/clerk/ui@1.34.0/ui.browser.js');
  });

  it("fall back to Clerk's CDN when the build has no bundles, and take explicit bundle URLs", () => {
    const cdn = readClerkSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: PK, CLERK_SECRET_KEY: SK }, false);
    expect(cdn.configured && cdn.browser).toEqual({ publishableKey: PK });
    const own = readClerkSettings(
      {
        PUBLIC_CLERK_PUBLISHABLE_KEY: PK,
        CLERK_SECRET_KEY: SK,
        PUBLIC_CLERK_JS_URL: 'https://cdn.example/clerk.browser.js',
        PUBLIC_CLERK_UI_URL: '/static/ui.browser.js',
      },
      true,
    );
    expect(own.configured && own.browser).toEqual({
      publishableKey: PK,
      clerkJSUrl: 'https://cdn.example/clerk.browser.js',
      clerkUIUrl: '/static/ui.browser.js',
    });
    const bad = readClerkSettings(
      { PUBLIC_CLERK_PUBLISHABLE_KEY: PK, CLERK_SECRET_KEY: SK, PUBLIC_CLERK_JS_URL: 'javascript:alert(1)' },
      true,
    );
    expect(bad).toEqual({ configured: false, problems: [{ variable: 'PUBLIC_CLERK_JS_URL', problem: 'invalid' }] });
  });

  it('read a JWT public key written on one line with \\n', () => {
    const settings = readClerkSettings(
      {
        PUBLIC_CLERK_PUBLISHABLE_KEY: PK,
        CLERK_SECRET_KEY: SK,
        CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\\nAAA\\n-----END PUBLIC KEY-----',
      },
      true,
    );
    expect(settings.configured && settings.jwtKey).toBe('-----BEGIN PUBLIC KEY-----\nAAA\n-----END PUBLIC KEY-----');
  });

  it('recognise publishable keys by their encoded Frontend API host', () => {
    expect(isPublishableKey(PK)).toBe(true);
    expect(isPublishableKey(`pk_test_${Buffer.from('sweet-fox-12.clerk.accounts.dev$').toString('base64')}`)).toBe(
      true,
    );
    expect(isPublishableKey(`pk_live_${Buffer.from('clerk.tiflatzim.test').toString('base64')}`)).toBe(false);
    expect(isPublishableKey('sk_live_abc')).toBe(false);
    expect(isPublishableKey('pk_live_')).toBe(false);
  });
});

describe('the session cookie of prerendered pages', () => {
  it('means signed in only while __client_uat holds a time', () => {
    expect(hasSessionCookie('__client_uat=1795220026')).toBe(true);
    expect(hasSessionCookie('theme=dark; __client_uat_Xy3-Ab_1=1795220026; other=1')).toBe(true);
    expect(hasSessionCookie('__client_uat=0')).toBe(false);
    expect(hasSessionCookie('__client_uat=0; __client_uat_Xy3=0')).toBe(false);
    expect(hasSessionCookie('')).toBe(false);
    expect(hasSessionCookie('my__client_uat=17')).toBe(false);
  });
});

describe('whether the middleware asks Clerk', () => {
  const page = new URL('http://shop.test/products');
  it('not for visitors without any Clerk cookie, or signed out', () => {
    expect(mayCarryClerkSession('', page)).toBe(false);
    expect(mayCarryClerkSession('theme=dark; __client_uat=0', page)).toBe(false);
  });
  it('for a session, a development browser, or a return from the handshake', () => {
    expect(mayCarryClerkSession('__client_uat=1795220026', page)).toBe(true);
    expect(mayCarryClerkSession('__client_uat=0; __session=eyJ', page)).toBe(true);
    expect(mayCarryClerkSession('__session_Xy3=eyJ', page)).toBe(true);
    expect(mayCarryClerkSession('__clerk_db_jwt=dvb_1', page)).toBe(true);
    expect(mayCarryClerkSession('', new URL('http://shop.test/?__clerk_handshake_nonce=n1'))).toBe(true);
  });
});

describe('reading the bundle tarballs', () => {
  function header(name: string, size: number, type = '0', prefix = ''): Buffer {
    const block = Buffer.alloc(512);
    block.write(name, 0, 'utf8');
    block.write(size.toString(8).padStart(11, '0'), 124, 'ascii');
    block.write(type, 156, 'ascii');
    block.write('ustar', 257, 'ascii');
    block.write(prefix, 345, 'utf8');
    return block;
  }
  const body = (text: string) => {
    const content = Buffer.from(text);
    return Buffer.concat([content, Buffer.alloc((512 - (content.length % 512)) % 512)]);
  };

  it('finds files by their full path, including pax and prefixed long names', () => {
    const long = `package/dist/${'x'.repeat(120)}.js`;
    // A pax record is "<length> path=<value>\n", the length counting its own digits.
    const rest = ` path=${long}\n`;
    let length = rest.length + 1;
    while (String(length).length + rest.length !== length) length += 1;
    const paxRecord = `${length}${rest}`;
    const archive = Buffer.concat([
      header('package/dist/clerk.browser.js', 7),
      body('console'),
      header('PaxHeader', paxRecord.length, 'x'),
      body(paxRecord),
      header('ignored-short-name', 4),
      body('long'),
      header('ui.browser.js', 2, '0', 'package/dist'),
      body('ui'),
      header('package/dist', 0, '5'),
      Buffer.alloc(1024),
    ]);
    const files = readTar(gzipSync(archive));
    expect([...files.keys()]).toEqual(['package/dist/clerk.browser.js', long, 'package/dist/ui.browser.js']);
    expect(files.get('package/dist/clerk.browser.js')?.toString()).toBe('console');
    expect(files.get(long)?.toString()).toBe('long');
    expect(files.get('package/dist/ui.browser.js')?.toString()).toBe('ui');
  });
});
