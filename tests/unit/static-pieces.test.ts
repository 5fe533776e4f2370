/** The static build's small rules: the pages of a list in both schemes, the contact mailto: link, sign-in without a secret. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPageHref } from '../../src/features/animal-list/list-strategy.ts';
import { mailtoHref } from '../../src/features/contact/mailto.ts';
import { readClerkBrowserSettings } from '../../src/server/clerk-settings.ts';

const PK = `pk_live_${Buffer.from('clerk.tiflatzim.test$').toString('base64')}`;

describe('the pages of a list', () => {
  const none = new URLSearchParams();
  it('on a static host: page N in its own folder, page 1 at the list itself', () => {
    expect(listPageHref('path', '/categories/fire', none, { from: 1, to: 1 })).toBe('/categories/fire');
    expect(listPageHref('path', '/categories/fire', none, { from: 3, to: 3 })).toBe('/categories/fire/page/3');
    expect(listPageHref('path', '/categories/fire/', none, { from: 2, to: 4 })).toBe('/categories/fire/page/4?from=2');
  });
  it("on the server: the page in the query, beside the list's own parameters", () => {
    expect(listPageHref('query', '/categories/fire', none, { from: 1, to: 1 })).toBe('/categories/fire');
    expect(listPageHref('query', '/categories/fire', none, { from: 3, to: 3 })).toBe('/categories/fire?page=3');
    expect(listPageHref('query', '/products', new URLSearchParams('query=x'), { from: 2, to: 4 })).toBe(
      '/products?query=x&page=4&from=2',
    );
  });
});

describe('contact by e-mail', () => {
  it('carries the subject and the message, encoded, with CRLF line breaks', () => {
    expect(mailtoHref('owner@shop.example', { subject: 'שאלה & עוד', message: 'שורה\nשנייה' })).toBe(
      `mailto:owner@shop.example?subject=${encodeURIComponent('שאלה & עוד')}&body=${encodeURIComponent('שורה\r\nשנייה')}`,
    );
    expect(mailtoHref('owner@shop.example', {})).toBe('mailto:owner@shop.example');
  });
});

describe('sign-in on a static host', () => {
  it('needs only a valid publishable key, and never names or carries a secret', () => {
    const on = readClerkBrowserSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: PK }, true);
    expect(on).toEqual({ configured: true, browser: expect.objectContaining({ publishableKey: PK }) });
    expect(JSON.stringify(on)).not.toContain('sk_');
    // A secret key in the build's environment is neither read nor carried, nor checked.
    const withSecret = readClerkBrowserSettings(
      { PUBLIC_CLERK_PUBLISHABLE_KEY: PK, CLERK_SECRET_KEY: 'not-a-key' },
      true,
    );
    expect(withSecret).toEqual(on);
    expect(readClerkBrowserSettings({}, true)).toEqual({
      configured: false,
      problems: [{ variable: 'PUBLIC_CLERK_PUBLISHABLE_KEY', problem: 'missing' }],
    });
    expect(readClerkBrowserSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_live_nonsense' }, true)).toMatchObject({
      configured: false,
    });
  });
});

describe("a static build's API", () => {
  const before = process.env.PUBLIC_API_URL;
  afterEach(() => {
    if (before === undefined) delete process.env.PUBLIC_API_URL;
    else process.env.PUBLIC_API_URL = before;
  });
  /** The build's strategy and contact delivery, read as the build reads them (once, on import). */
  async function staticBuildWith(apiUrl: string) {
    process.env.PUBLIC_API_URL = apiUrl;
    vi.resetModules();
    const settings = await import('../../src/static-site/static-settings.server.ts');
    return { search: settings.STATIC_LISTS.search, contact: settings.contactDelivery().by };
  }

  it('is used only when PUBLIC_API_URL names one other than the same-origin default', async () => {
    for (const none of ['', '  ', '/api', '/api/', '/api//']) {
      expect(await staticBuildWith(none), JSON.stringify(none)).toEqual({ search: 'index', contact: 'mail' });
    }
    for (const api of ['https://api.tiflatzim.example', '/shop-api', 'https://shop.example/api/']) {
      expect(await staticBuildWith(api), api).toEqual({ search: 'api', contact: 'api' });
    }
  });

  it('stops the build, naming the setting, when PUBLIC_API_URL is malformed', async () => {
    await expect(staticBuildWith('ftp://x')).rejects.toThrow(/PUBLIC_API_URL/);
  });
});
