/** The static build's small rules: page files of a category, the contact mailto: link, sign-in without a secret. */
import { describe, expect, it } from 'vitest';
import { readBrowserClerkSettings } from '../../src/features/auth/static-settings.ts';
import { mailtoHref } from '../../src/features/contact/mailto.ts';
import { staticPageHref } from '../../src/lib/static-paging.ts';

const PK = `pk_live_${Buffer.from('clerk.tiflatzim.test$').toString('base64')}`;

describe('static page files', () => {
  it('puts page N of a list in its own folder, page 1 at the list itself', () => {
    expect(staticPageHref('/categories/fire', { from: 1, to: 1 })).toBe('/categories/fire');
    expect(staticPageHref('/categories/fire', { from: 3, to: 3 })).toBe('/categories/fire/page/3');
    expect(staticPageHref('/categories/fire/', { from: 2, to: 4 })).toBe('/categories/fire/page/4?from=2');
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
    const on = readBrowserClerkSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: PK }, true);
    expect(on).toEqual({ configured: true, browser: expect.objectContaining({ publishableKey: PK }) });
    expect(JSON.stringify(on)).not.toContain('sk_');
    expect(readBrowserClerkSettings({}, true)).toEqual({
      configured: false,
      problems: [{ variable: 'PUBLIC_CLERK_PUBLISHABLE_KEY', problem: 'missing' }],
    });
    expect(readBrowserClerkSettings({ PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_live_nonsense' }, true)).toMatchObject({
      configured: false,
    });
  });
});
