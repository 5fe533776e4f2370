// @vitest-environment happy-dom
/**
 * The favourites in the browser, below the page: the list's rules (a change, the limit, a browser's list
 * joining an account's), the inline script beside the store's reading of the same values, and the account's
 * sync against a stand-in of /api/me/favorites that keeps versions as the server does (If-Match, 412).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FAVOURITES } from '../../src/lib/favourites.ts';
import { favouritesBootScript } from '../../src/features/favorites/boot.ts';
import { ACCOUNT_KEY, FAVOURITES_KEY, OUTBOX_KEY, READY } from '../../src/features/favorites/markers.ts';
import { WANTED } from '../../src/features/favorites/trigger.ts';
import {
  decodeFavourites,
  decodeOutbox,
  joiningChanges,
  withChange,
  withChanges,
} from '../../src/features/favorites/favourite-list.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const [a, b, c, d] = [1, 2, 3, 4].map(id) as [string, string, string, string];
const many = (count: number, from = 100) => Array.from({ length: count }, (_, index) => id(from + index));

describe('the list’s rules', () => {
  it('adds a favourite first, removes one, and changes nothing that is already so', () => {
    expect(withChange([a], [b, true])).toEqual([b, a]);
    expect(withChange([b, a], [b, false])).toEqual([a]);
    const list = [a];
    expect(withChange(list, [a, true])).toBe(list);
    expect(withChange(list, [c, false])).toBe(list);
  });

  it('refuses an addition past the limit, but not a removal', () => {
    const full = many(MAX_FAVOURITES);
    expect(withChange(full, [a, true])).toBeUndefined();
    expect(withChange(full, [full[0]!, false])).toHaveLength(MAX_FAVOURITES - 1);
    expect(
      withChanges(full.slice(1), [
        [a, true],
        [b, true],
      ]),
    ).toEqual({ ids: [a, ...full.slice(1)], refused: 1 });
  });

  it('joins a browser’s list to an account’s: the browser’s new ones first, in order, then the account’s', () => {
    const { changes, left } = joiningChanges([a, b, c], [d, b]);
    expect(left).toBe(0);
    expect(withChanges([d, b], changes).ids).toEqual([a, c, d, b]);
    // Past the limit the account's all stay and the browser's newest fill what is left.
    const account = many(MAX_FAVOURITES - 1);
    const joined = joiningChanges([a, b, c], account);
    expect(joined.left).toBe(2);
    expect(withChanges(account, joined.changes).ids).toEqual([a, ...account]);
  });

  it('reads back only well-formed ids, each once, from whatever is stored', () => {
    expect(decodeFavourites(JSON.stringify([a, 'nope', a, 7, b]))).toEqual([a, b]);
    for (const stored of [null, '', '{', '"x"', '{"ids":[]}']) expect(decodeFavourites(stored)).toEqual([]);
    expect(decodeOutbox(JSON.stringify([[a, 1], [b, 0], [c, 2], ['x', 1], 'y']))).toEqual([
      [a, true],
      [b, false],
    ]);
  });
});

describe('the inline script in the head', () => {
  /** A page of its own for each test (the script's listeners stay on the document it ran in). */
  let page: Document;
  const body = `
    <span data-favourites-count hidden></span>
    ${[a, b, c].map((animal) => `<button type="button" data-favourite="${animal}" aria-pressed="false"></button>`).join('')}
    <button type="button" data-favourite="${a}" aria-pressed="false"></button>`;
  beforeEach(() => {
    localStorage.clear();
    page = document.implementation.createHTMLDocument('');
  });
  /** Runs the script as the head does, then the parser adds the body; the observer's records come a microtask later. */
  async function load(stored?: string) {
    if (stored !== undefined) localStorage.setItem(FAVOURITES_KEY, stored);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- runs the inline script as the page does
    new Function('document', favouritesBootScript)(page);
    page.body.innerHTML = body;
    await Promise.resolve();
  }
  const pressed = () =>
    [...page.querySelectorAll('button')].map((button) => button.getAttribute('aria-pressed') === 'true');
  const count = () => page.querySelector<HTMLElement>('[data-favourites-count]')!;
  const wanted = () => page.documentElement.hasAttribute(WANTED);

  it('presses the hearts of the stored favourites and writes the count as they arrive, as the store reads them', async () => {
    const stored = JSON.stringify([c, 'not-an-id', a]);
    await load(stored);
    const favourites = decodeFavourites(stored);
    expect(pressed()).toEqual([a, b, c, a].map((animal) => favourites.includes(animal)));
    expect(count().hidden).toBe(false);
    expect(count().textContent).toBe(String(favourites.length));
    // Cards added later (a category's load more) too.
    const more = page.createElement('li');
    more.innerHTML = `<button type="button" data-favourite="${c}" aria-pressed="false"></button>`;
    page.body.append(more);
    await Promise.resolve();
    expect(more.querySelector('button')!.getAttribute('aria-pressed')).toBe('true');
    // Nothing on this page asked for the favourites script.
    expect(wanted()).toBe(false);
  });

  it('leaves every heart unpressed and the count hidden for nothing, or nonsense, stored', async () => {
    for (const stored of ['{', '{"a":1}', '42', '[]']) {
      page = document.implementation.createHTMLDocument('');
      await load(stored);
      expect(pressed(), stored).toEqual([false, false, false, false]);
      expect(count().hidden).toBe(true);
    }
  });

  it('keeps a tap in the outbox, in the form the store reads, and asks for the favourites script', async () => {
    await load(JSON.stringify([b]));
    let asked = 0;
    page.addEventListener(WANTED, () => asked++);
    page.querySelector<HTMLElement>(`[data-favourite="${a}"]`)!.click();
    page.querySelector<HTMLElement>(`[data-favourite="${b}"]`)!.click();
    expect(pressed()).toEqual([true, false, false, true]);
    expect(decodeOutbox(localStorage.getItem(OUTBOX_KEY))).toEqual([
      [a, true],
      [b, false],
    ]);
    expect(wanted()).toBe(true);
    expect(asked).toBe(1);
    // Once the page's script has started, it answers the taps.
    page.documentElement.setAttribute(READY, '');
    page.querySelector<HTMLElement>(`[data-favourite="${c}"]`)!.click();
    expect(decodeOutbox(localStorage.getItem(OUTBOX_KEY))).toHaveLength(2);
  });

  it('asks for the favourites script at once for taps left in the outbox, and for a signed-in shopper', async () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([[a, 1]]));
    await load();
    expect(wanted()).toBe(true);

    localStorage.clear();
    page = document.implementation.createHTMLDocument('');
    await load();
    page.body.insertAdjacentHTML('afterbegin', '<div data-header-auth data-signed-in></div>');
    expect(wanted()).toBe(false);
    page.dispatchEvent(new Event('DOMContentLoaded'));
    expect(wanted()).toBe(true);
  });

  it('signed out, shows nothing of a list copied from an account, and asks for the script that leaves it behind', async () => {
    localStorage.setItem(ACCOUNT_KEY, 'user_noa');
    await load(JSON.stringify([a, b]));
    expect(pressed()).toEqual([true, true, false, true]);
    page.dispatchEvent(new Event('DOMContentLoaded'));
    expect(pressed()).toEqual([false, false, false, false]);
    expect(count().hidden).toBe(true);
    expect(wanted()).toBe(true);
  });
});

/** A stand-in of GET and PUT /api/me/favorites for one account, with the server's versions. */
function accountServer(account: string, ids: string[] = []) {
  const state = { ids, version: 0, puts: 0 };
  const answer = (status: number) =>
    new Response(JSON.stringify({ ids: state.ids, account }), {
      status,
      headers: { 'Content-Type': 'application/json', ETag: `"v${state.version}"` },
    });
  const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
    if (init.method !== 'PUT') return answer(200);
    state.puts++;
    if ((init.headers as Record<string, string>)['If-Match'] !== `"v${state.version}"`) return answer(412);
    state.ids = (JSON.parse(init.body as string) as { ids: string[] }).ids;
    state.version++;
    return answer(200);
  });
  /** Another device's change, made on the server meanwhile. */
  const elsewhere = (next: string[]) => {
    state.ids = next;
    state.version++;
  };
  return { state, fetch, elsewhere };
}

describe('the account’s sync', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    localStorage.clear();
  });

  async function start(server: ReturnType<typeof accountServer>) {
    vi.stubGlobal('fetch', server.fetch);
    const store = await import('../../src/features/favorites/store.ts');
    const { startAccountSync } = await import('../../src/features/favorites/account-sync.ts');
    const notices: string[] = [];
    startAccountSync((message) => notices.push(message));
    const settled = () => vi.waitFor(() => expect(localStorage.getItem(OUTBOX_KEY)).toBeNull());
    return { store, notices, settled };
  }

  it('on the first page after signing in, joins the browser’s list to the account’s and keeps that', async () => {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([a, b]));
    const server = accountServer('user_noa', [c, b]);
    const { store } = await start(server);
    await vi.waitFor(() => expect(server.state.ids).toEqual([a, c, b]));
    await vi.waitFor(() => expect(store.$favourites.get()).toEqual([a, c, b]));
    expect(localStorage.getItem(ACCOUNT_KEY)).toBe('user_noa');
  });

  it('afterwards the account’s list is the truth: a copy made before is replaced, not merged', async () => {
    localStorage.setItem(ACCOUNT_KEY, 'user_noa');
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([a, d]));
    const server = accountServer('user_noa', [c]);
    const { store } = await start(server);
    await vi.waitFor(() => expect(store.$favourites.get()).toEqual([c]));
    expect(server.state.puts).toBe(0);
  });

  it('never gives one account another’s list, nor its unsent changes', async () => {
    localStorage.setItem(ACCOUNT_KEY, 'user_dani');
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([a]));
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([[b, 1]]));
    const server = accountServer('user_noa', [c]);
    const { store } = await start(server);
    await vi.waitFor(() => expect(store.$favourites.get()).toEqual([c]));
    expect(server.state.ids).toEqual([c]);
    expect(localStorage.getItem(ACCOUNT_KEY)).toBe('user_noa');
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('sends each change on the list’s version, and makes it again on another device’s newer list', async () => {
    localStorage.setItem(ACCOUNT_KEY, 'user_noa');
    const server = accountServer('user_noa', [a]);
    const { store, settled } = await start(server);
    await vi.waitFor(() => expect(store.$favourites.get()).toEqual([a]));
    // The laptop adds c while this phone still holds version 0.
    server.elsewhere([c, a]);
    expect(store.setFavourite(b, true)).toBe(true);
    expect(store.$favourites.get()).toEqual([b, a]);
    await settled();
    expect(server.state.ids).toEqual([b, c, a]);
    await vi.waitFor(() => expect(store.$favourites.get()).toEqual([b, c, a]));
    store.setFavourite(a, false);
    await settled();
    expect(server.state.ids).toEqual([b, c]);
    expect(server.state.puts).toBe(3);
  });

  it('says so when the browser’s list does not all fit in the account', async () => {
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([a, b, c]));
    const account = many(MAX_FAVOURITES - 1);
    const server = accountServer('user_full', account);
    const { notices } = await start(server);
    await vi.waitFor(() => expect(server.state.ids).toEqual([a, ...account]));
    const { favouritesStrings } = await import('../../src/features/favorites/strings.ts');
    expect(notices).toEqual([favouritesStrings.mergedTooMany(2)]);
  });
});
