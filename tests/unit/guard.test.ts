/**
 * The request guard and security headers (src/server/http) on a bare node:http server, without the build:
 * ALLOWED_HOSTS, HSTS, the page policy's Clerk sources. The production server's answers: tests/e2e/hardening.spec.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuard, hostProblem, targetIsBuildable, type GuardSettings } from '../../src/server/http/guard.ts';
import { clerkSources, frontendApiOrigin, pageLoadsClerk, withSources } from '../../src/server/http/page-policy.ts';
import { rawRequest } from '../helpers/raw-http.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(settings: Partial<GuardSettings>, page = '<!doctype html><p>page</p>'): Promise<number> {
  const guard = createGuard({ maxBodyBytes: 1024, allowedHosts: [], allowedOrigins: [], hsts: false, ...settings });
  server = http.createServer((req, res) =>
    guard(req, res, () => {
      const policy = "default-src 'self'; script-src 'self' 'sha256-abc'";
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy });
      res.end(page);
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const get = (port: number, host: string, extra: string[] = []) =>
  rawRequest(port, [`GET /about HTTP/1.1`, `Host: ${host}`, ...extra, 'Connection: close', '', ''].join('\r\n'));

describe('the request guard', () => {
  it('answers only the hosts in ALLOWED_HOSTS (port and case ignored)', async () => {
    const port = await serve({ allowedHosts: ['shop.example'] });
    expect((await get(port, 'Shop.Example:8080')).status).toBe(200);
    const other = await get(port, 'evil.test');
    expect(other.status).toBe(400);
    expect(other.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends Strict-Transport-Security only with HSTS on', async () => {
    expect((await get(await serve({}), 'localhost')).headers['strict-transport-security']).toBeUndefined();
    server!.close();
    server = undefined;
    expect((await get(await serve({ hsts: true }), 'localhost')).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it("adds Clerk's origins to a page's policy only where Clerk loads", async () => {
    const settings = { publishableKey: `pk_live_${Buffer.from('clerk.shop.example$').toString('base64')}` };
    const port = await serve({ clerk: () => settings });
    const plain = await get(port, 'localhost');
    expect(plain.headers['content-security-policy']).not.toContain('clerk');
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const signedIn = await get(port, 'localhost', ['Cookie: __client_uat=1700000000']);
    expect(signedIn.headers['content-security-policy']).toContain(
      "script-src 'self' 'sha256-abc' https://clerk.shop.example",
    );
    expect(signedIn.headers['content-security-policy']).toContain('connect-src https://clerk.shop.example');
  });

  it.each([
    ['localhost:4321', undefined],
    ['[::1]:80', undefined],
    ['a b', 'bad'],
    ['%', 'bad'],
    ['[::1', 'bad'],
    ['127.0.0.1:99999', 'bad'],
    ['localhost:4321@evil.test', 'bad'],
  ])('Host %s is %s', (host, problem) => {
    expect(hostProblem(host, [])).toBe(problem);
  });

  it.each([
    ['/api/categories', true],
    ['/%zz', true], // read leniently: a literal %, as the front door reads it
    ['/api/animals/search?search=100%', true],
    ['http://evil.test/', false],
    ['*', false],
    ['//evil.test/x', true], // a path on our host, not another host
    ['/\\', false], // a raw backslash in the path: a probe, never sent by a browser
    ['/products\\x', false],
    ['/products/%5C', true],
    ['/api/animals/search?search=a\\b', true], // in the query it is text
  ])('target %s builds: %s', (target, buildable) => {
    expect(targetIsBuildable('localhost:4321', target)).toBe(buildable);
  });
});

describe('the page policy', () => {
  it('reads the Frontend API from the publishable key and merges sources', () => {
    const key = `pk_test_${Buffer.from('happy-cat-12.clerk.accounts.dev$').toString('base64')}`;
    expect(frontendApiOrigin(key)).toBe('https://happy-cat-12.clerk.accounts.dev');
    expect(frontendApiOrigin('pk_test_bm90IGEgaG9zdA==')).toBeUndefined();
    const merged = withSources(
      "default-src 'self'; frame-src 'none'; connect-src 'self'",
      clerkSources({ publishableKey: key }),
    );
    expect(merged).toContain('frame-src https://challenges.cloudflare.com');
    expect(merged).toContain("connect-src 'self' https://happy-cat-12.clerk.accounts.dev");
    expect(pageLoadsClerk(new URL('http://x/sign-up/verify'), '')).toBe(true);
    expect(pageLoadsClerk(new URL('http://x/products'), 'theme=dark')).toBe(false);
  });
});
