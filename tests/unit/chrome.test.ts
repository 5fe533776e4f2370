/** Pure pieces of the shop's frame: navigation marks, header search address, initials, the contact draft. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initials } from '../../src/features/content/initials.ts';
import { CONTACT_DRAFT_KEY, clearDraft, loadDraft, saveDraft } from '../../src/features/contact/draft.ts';
import { currentMark, normalisePath } from '../../src/features/layout/nav.ts';
import { productsSearchUrl } from '../../src/features/layout/search-url.ts';
import { DEFAULT_SORT, normalizeQuery, searchHref } from '../../src/lib/list-state.ts';

describe('navigation marks', () => {
  it('marks the page itself, and the section of a deeper page', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/')).toBe('/');
    expect(currentMark('/about', '/about/')).toBe('page');
    expect(currentMark('/', '/')).toBe('page');
    expect(currentMark('/', '/about')).toBeUndefined();
    expect(currentMark('/categories', '/categories/sky-creatures')).toBe('true');
    expect(currentMark('/products', '/productsx')).toBeUndefined();
  });
});

describe('header search address', () => {
  it('ignores empty text and URL-encodes the rest, trimmed', () => {
    expect(productsSearchUrl('')).toBeUndefined();
    expect(productsSearchUrl('   ')).toBeUndefined();
    expect(productsSearchUrl('  דרקון & co ')).toBe('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F+%26+co');
    expect(new URL(productsSearchUrl('a+b?c=d#e')!, 'http://x').searchParams.get('query')).toBe('a+b?c=d#e');
  });

  it("is the list's own address for that search", () => {
    for (const text of ['דרקון', '  חד קרן & שות׳ ', 'a+b?c=d#e', 'x'.repeat(250)]) {
      expect(productsSearchUrl(text)).toBe(searchHref({ query: normalizeQuery(text), sort: DEFAULT_SORT }));
    }
  });
});

describe('avatar initials', () => {
  it('takes the first letters of the first two words, skipping titles', () => {
    expect(initials('נועה בן־דרקון')).toBe('נב');
    expect(initials('ד״ר מיכל קשקשי')).toBe('מק');
    expect(initials('עומר')).toBe('ע');
    expect(initials('  Ada   Lovelace King ')).toBe('AL');
  });
});

describe('contact draft', () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeStorage(): Storage {
    const data = new Map<string, string>();
    return {
      get length() {
        return data.size;
      },
      clear: () => data.clear(),
      getItem: (key) => data.get(key) ?? null,
      key: (index) => [...data.keys()][index] ?? null,
      removeItem: (key) => void data.delete(key),
      setItem: (key, value) => void data.set(key, String(value)),
    };
  }

  it('keeps what was typed, and forgets it when cleared', () => {
    const storage = fakeStorage();
    vi.stubGlobal('sessionStorage', storage);
    expect(loadDraft()).toEqual({ subject: '', message: '' });
    saveDraft({ subject: 'שלום', message: 'דרקון קטן' });
    expect(loadDraft()).toEqual({ subject: 'שלום', message: 'דרקון קטן' });
    clearDraft();
    expect(storage.getItem(CONTACT_DRAFT_KEY)).toBeNull();
  });

  it('treats nonsense and broken storage as no draft', () => {
    const storage = fakeStorage();
    vi.stubGlobal('sessionStorage', storage);
    storage.setItem(CONTACT_DRAFT_KEY, '{not json');
    expect(loadDraft()).toEqual({ subject: '', message: '' });
    storage.setItem(CONTACT_DRAFT_KEY, '{"subject":5,"message":"ok"}');
    expect(loadDraft()).toEqual({ subject: '', message: 'ok' });
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    });
    expect(loadDraft()).toEqual({ subject: '', message: '' });
    expect(() => saveDraft({ subject: 'x', message: '' })).not.toThrow();
  });
});
